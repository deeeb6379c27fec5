import type { DocumentContent, ImageContent } from "./content.js";
import type {
  ContextManagementConfig,
  ContextManagementResponse,
  UsageIteration,
} from "./context-management.js";
/**
 * The Anthropic Messages API shapes Keel reads and writes, declared once for every package (the loop, its
 * clients, the fake server in @keel/testkit). Hand-declared rather than imported from `@anthropic-ai/sdk`
 * so that packages without the SDK can use them, and wider than the SDK's unions where Keel must keep
 * what it does not interpret: unknown blocks (server tools, future block types) pass through verbatim.
 */

export type StopReason =
  | "end_turn"
  | "tool_use"
  | "max_tokens"
  | "stop_sequence"
  | "pause_turn"
  /** `pause_after_compaction`: the response holds only the compaction block; send it back and continue. */
  | "compaction"
  | "refusal"
  | "model_context_window_exceeded";

export interface CacheControl {
  type: "ephemeral";
  ttl?: "5m" | "1h";
}

export interface TextBlock {
  type: "text";
  text: string;
  citations?: unknown[] | null;
  cache_control?: CacheControl;
}

export interface ToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  /** An object on the wire; `unknown` because a model can send anything and Keel validates it. */
  input: unknown;
  cache_control?: CacheControl;
}

/** Extended thinking; the `signature` must be sent back unchanged with the rest of the turn. */
export interface ThinkingBlock {
  type: "thinking";
  thinking: string;
  signature: string;
}

/** The answer to one `tool_use`, sent in the next user turn. */
export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content?: string | Array<TextBlock | ImageContent | DocumentContent | OtherBlock>;
  is_error?: boolean;
  cache_control?: CacheControl;
}

/** Blocks Keel does not interpret (redacted thinking, server tools, images, ...) pass through unchanged. */
export interface OtherBlock {
  type: string;
  [key: string]: unknown;
}

/** A block of a response. */
export type ContentBlock = TextBlock | ToolUseBlock | ThinkingBlock | OtherBlock;
/** A block of a request message (a response's blocks, plus tool results). */
export type RequestContentBlock = ContentBlock | ToolResultBlock;

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
  /** Each sampling step of the response (a compaction, then the message), when the API reports them. */
  iterations?: UsageIteration[] | null;
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
  /** The context edits the API applied to this request's prompt. */
  context_management?: ContextManagementResponse | null;
}

/**
 * A response as a script, a cassette or a fake-server handler writes it: `content`, and whichever other
 * fields matter to the test. {@link completeMessage} fills the rest; fields it does not know are kept as they are.
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
  stop_details?: unknown;
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

/** A `POST /v1/messages` body. */
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
  /** Server-side context edits and compaction (beta: see ContextManagementConfig). */
  context_management?: ContextManagementConfig;
  /** The code-execution container to reuse (the id of the previous response's `container`). */
  container?: string;
  /** Beta features: the Anthropic client sends them as the `anthropic-beta` header, not in the body. */
  betas?: string[];
  stream?: boolean;
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
