/**
 * Plumbing other Keel packages share, and types an adopter rarely names. No semver promise: names here may
 * change in any release.
 */
export { expiryOf } from "./auth/credential-store.js";
export type { RevocationOptions, RevocationResult } from "./auth/revocation.js";
export { revokeStoredTokens } from "./auth/revocation.js";
export type { ElicitationAnswer, ElicitationRequest } from "./elicitation.js";
export type { McpClientErrorCode } from "./mcp-client-error.js";
