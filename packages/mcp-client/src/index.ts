export type { OAuthCredentialStore, StoredOAuthCredentials } from "./auth/credential-store.js";
export { createOAuthProvider } from "./auth/oauth-provider.js";
export type { McpToolbox } from "./connect-all.js";
export { connectMcpServers } from "./connect-all.js";
export { connectMcpServer } from "./connection.js";
export type { McpClientEvent, McpConnection, McpConnectOptions } from "./connection-options.js";
export type { ElicitationHandler } from "./elicitation.js";
export { McpClientError } from "./mcp-client-error.js";
export type { McpServerConfig } from "./server-config.js";
