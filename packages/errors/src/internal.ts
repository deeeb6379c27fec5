/**
 * Plumbing other Keel packages need. No semver promise: names here may change or go in any release.
 */
export { isRecord } from "@keel/wire/internal";
export { asObject } from "./outcome-envelopes.js";
export type { RetryDelayPolicy } from "./retry-delay.js";
export { retryDelay } from "./retry-delay.js";
