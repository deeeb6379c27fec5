// Plumbing for other Keel packages (the agent loop's and the MCP server's spans): no semver promise.
export type { ToolCallAttributeValue } from "./tool-call-attributes.js";
export { toolCallAttributes, toolCallErrorType } from "./tool-call-attributes.js";
