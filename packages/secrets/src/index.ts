export { environmentSecrets, redactArtifact, redactArtifactText } from "./artifact.js";
export type { RedactJsonOptions, SecretFinding } from "./redact.js";
export {
  containsSecret,
  findSecret,
  REDACTED,
  redactJsonSecrets,
  redactSecretText,
} from "./redact.js";
export { isSecretKey } from "./secret-key.js";
export type { SecretKind } from "./secret-shapes.js";
