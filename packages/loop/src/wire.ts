/**
 * The Anthropic Messages API wire shapes Keel relies on, declared here so the loop needs no SDK types.
 * Unknown fields are preserved: blocks are kept verbatim in history.
 */

export type StopReason =
  | "end_turn"
  | "tool_use"
  | "max_tokens"
  | "stop_sequence"
  | "pause_turn"
  | "refusal"
  | "model_context_window_exceeded";

export interface CacheControl {
  type: "ephemeral";
  ttl?: "5m" | "1h";
}

export interface TextBlock {
  type: "text";
  text: string;
  citations?: unknown;
  cache_control?: CacheControl;
}

export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
  cache_control?: CacheControl;
}

export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string | Array<TextBlock>;
  is_error?: boolean;
  cache_control?: CacheControl;
}

/** Blocks Keel does not interpret (thinking, server tools, ...) pass through unchanged. */
export interface OtherBlock {
  type: string;
  [key: string]: unknown;
}

export type ContentBlock = TextBlock | ToolUseBlock | OtherBlock;
export type RequestContentBlock = TextBlock | ToolUseBlock | ToolResultBlock | OtherBlock;

export interface MessageParam {
  role: "user" | "assistant";
  content: string | RequestContentBlock[];
}

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/** A Messages API response (`type: "message"`). */
export interface Message {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: ContentBlock[];
  stop_reason: StopReason | null;
  stop_sequence: string | null;
  usage: Usage;
  stop_details?: unknown;
}

export interface ToolDefinitionParam {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  cache_control?: CacheControl;
}

export type ToolChoice =
  | { type: "auto"; disable_parallel_tool_use?: boolean }
  | { type: "any"; disable_parallel_tool_use?: boolean }
  | { type: "tool"; name: string; disable_parallel_tool_use?: boolean }
  | { type: "none" };

export interface MessageCreateRequest {
  model: string;
  max_tokens: number;
  messages: MessageParam[];
  system?: string | TextBlock[];
  tools?: ToolDefinitionParam[];
  tool_choice?: ToolChoice;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  metadata?: { user_id?: string };
  thinking?: { type: "enabled"; budget_tokens: number } | { type: "adaptive" } | { type: "disabled" };
  service_tier?: "auto" | "standard_only";
  /** Beta features: the Anthropic client sends them as the `anthropic-beta` header, not in the body. */
  betas?: string[];
  stream?: boolean;
}
