export { environmentSecrets, redactArtifact, redactArtifactText } from "./artifact.js";
export type { GitleaksRule } from "./gitleaks-rules.js";
export { GITLEAKS_RULES, GITLEAKS_SOURCE } from "./gitleaks-rules.js";
export type { RedactJsonOptions, SecretFinding } from "./redact.js";
export { containsSecret, findSecret, REDACTED, redactJsonSecrets, redactSecretText } from "./redact.js";
export { isSecretKey } from "./secret-key.js";
export type { SecretKind, SecretMatch, SecretShape } from "./secret-shapes.js";
export { SECRET_SHAPES } from "./secret-shapes.js";
