import { KeelError } from "@keel/errors";

export type McpClientErrorCode =
  | "MCP_CONNECT_FAILED"
  | "MCP_LIST_TOOLS_FAILED"
  | "MCP_TOOL_NAME_INVALID"
  | "MCP_TOOL_NAME_COLLISION"
  | "MCP_INVALID_OPTIONS"
  | "MCP_UNAUTHORIZED"
  | "MCP_AUTHORIZATION_SERVER_UNAVAILABLE";

/**
 * What connecting to MCP servers can throw: a server that cannot be started or reached, a listing that
 * fails, a server that needs an authorization nobody can give now (MCP_UNAUTHORIZED) or whose
 * authorization server does not answer, or tools whose names cannot be used (not a legal Anthropic tool name, or two tools with one name).
 * Tool calls never throw: they end as categorised outcomes.
 */
export class McpClientError extends KeelError<McpClientErrorCode> {
  static override readonly errorName = "McpClientError";
}
