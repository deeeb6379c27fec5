/**
 * The Messages API shapes the fake server reads and writes. Declared here so the testkit depends on
 * nothing but node built-ins; unknown fields pass through untouched.
 */

export type StopReason =
  | "end_turn"
  | "tool_use"
  | "max_tokens"
  | "stop_sequence"
  | "pause_turn"
  | "refusal"
  | "model_context_window_exceeded";

export interface TextBlock {
  type: "text";
  text: string;
  citations?: unknown[] | null;
}

export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface ThinkingBlock {
  type: "thinking";
  thinking: string;
  signature: string;
}

/** Blocks the fake does not stream piece by piece (server tools, redacted thinking, ...): sent whole. */
export interface OtherBlock {
  type: string;
  [key: string]: unknown;
}

export type ContentBlock = TextBlock | ToolUseBlock | ThinkingBlock | OtherBlock;

export interface Usage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
}

/** A complete Messages API response, exactly as served in a JSON body. */
export interface Message {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: ContentBlock[];
  stop_reason: StopReason | null;
  stop_sequence: string | null;
  usage: Usage;
  [key: string]: unknown;
}

/**
 * What a script or handler provides: a message whose missing fields the server fills per request
 * (`model` echoes the request, `usage` is computed, `stop_reason` is `tool_use` when a tool_use block is
 * present, else `end_turn`). A complete {@link Message} is served verbatim.
 */
export interface MessageTemplate {
  content: ContentBlock[];
  id?: string;
  type?: "message";
  role?: "assistant";
  model?: string;
  stop_reason?: StopReason | null;
  stop_sequence?: string | null;
  usage?: Partial<Usage>;
  [key: string]: unknown;
}

export interface CacheControl {
  type: "ephemeral";
  ttl?: "5m" | "1h";
}

export interface MessageParam {
  role: "user" | "assistant";
  content: string | Array<Record<string, unknown> & { type: string }>;
}

/** A `POST /v1/messages` body that passed validation. */
export interface MessagesRequest {
  model: string;
  max_tokens: number;
  messages: MessageParam[];
  system?: string | Array<{ type: "text"; text: string; cache_control?: CacheControl }>;
  tools?: Array<{ name: string; cache_control?: CacheControl; [key: string]: unknown }>;
  tool_choice?: { type: "auto" | "any" | "tool" | "none"; name?: string; [key: string]: unknown };
  stream?: boolean;
  [key: string]: unknown;
}

export type ApiErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "not_found_error"
  | "request_too_large"
  | "rate_limit_error"
  | "api_error"
  | "timeout_error"
  | "overloaded_error";

/** The error body the real API sends, in JSON responses and in an SSE `error` event. */
export interface ApiErrorBody {
  type: "error";
  error: { type: ApiErrorType; message: string };
  request_id?: string;
}
