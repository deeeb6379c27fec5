/**
 * Plumbing other Keel packages share. No semver promise: names here may change in any release.
 */
export { describeValue } from "./message-template.js";
export { isPlainObject, isRecord } from "./plain-object.js";
