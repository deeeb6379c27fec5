/**
 * Plumbing other Keel packages share, and types an adopter rarely names. No semver promise: names here may
 * change in any release.
 */
export type { HookConfigErrorCode } from "./hook-config-error.js";
export type { CapTextOptions } from "./stock/cap-text.js";
export type { NumericDateOrder } from "./stock/date-formats.js";
export type { NormalizeDatesOptions } from "./stock/normalize-dates.js";
export type { RedactSecretsOptions } from "./stock/redact-secrets.js";
export type { RequireFactOptions } from "./stock/require-fact.js";
export type { ThresholdRedirectOptions } from "./stock/threshold-redirect.js";
export type { TrimKeysOptions } from "./stock/trim-keys.js";
