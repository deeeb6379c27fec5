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
  /** Billed server-tool requests (web search, web fetch) of this response. */
  server_tool_use?: { web_search_requests?: number | null; web_fetch_requests?: number | null } | null;
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
  /** The code-execution container this response used; the next request must name it to keep its files. */
  container?: { id: string; expires_at?: string } | null;
}

export interface ToolDefinitionParam {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  cache_control?: CacheControl;
}

/**
 * An Anthropic server tool, run by the API itself (web search, web fetch, code execution, ...): a versioned
 * `type`, a `name`, and the tool's own settings, e.g. `{ type: "web_search_20250305", name: "web_search",
 * max_uses: 5 }`. Its calls and results arrive as `server_tool_use` / `*_tool_result` blocks.
 */
export interface ServerToolDefinition {
  type: string;
  name: string;
  cache_control?: CacheControl;
  [setting: string]: unknown;
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
  tools?: Array<ToolDefinitionParam | ServerToolDefinition>;
  tool_choice?: ToolChoice;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  metadata?: { user_id?: string };
  thinking?: { type: "enabled"; budget_tokens: number } | { type: "adaptive" } | { type: "disabled" };
  service_tier?: "auto" | "standard_only";
  /** The code-execution container to reuse (the id of the previous response's `container`). */
  container?: string;
  /** Beta features: the Anthropic client sends them as the `anthropic-beta` header, not in the body. */
  betas?: string[];
  stream?: boolean;
}
