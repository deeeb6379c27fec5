export type { OAuthCredentialStore, StoredOAuthCredentials } from "./auth/credential-store.js";
export { expiryOf } from "./auth/credential-store.js";
export type { McpOAuthProvider, OAuthProviderOptions } from "./auth/oauth-provider.js";
export { createOAuthProvider } from "./auth/oauth-provider.js";
export type { McpToolbox } from "./connect-all.js";
export { connectMcpServers } from "./connect-all.js";
export type { McpClientEvent, McpConnection, McpConnectOptions } from "./connection.js";
export { connectMcpServer } from "./connection.js";
export type {
  ElicitationAnswer,
  ElicitationEvent,
  ElicitationHandler,
  ElicitationRequest,
} from "./elicitation.js";
export type { McpClientErrorCode } from "./mcp-client-error.js";
export { McpClientError } from "./mcp-client-error.js";
export type { HttpServerConfig, McpServerConfig, StdioServerConfig } from "./server-config.js";
