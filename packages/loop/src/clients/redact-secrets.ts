/**
 * The loop's artifacts (cassettes, spans with content, error messages) are redacted by `@keel/secrets`'
 * artifact redaction, the one owner for everything Keel writes down. These are its names inside the loop.
 */
export {
  environmentSecrets,
  redactArtifact as redactSecrets,
  redactArtifactText as redactString,
} from "@keel/secrets";
