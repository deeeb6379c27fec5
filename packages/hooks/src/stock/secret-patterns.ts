/**
 * Secret shapes found inside free text. Every pattern starts with a literal and ends in an open-ended
 * run with nothing required after it, so matching stays linear even on hostile multi-megabyte strings.
 */
interface SecretPattern {
  readonly kind: string;
  readonly pattern: RegExp;
  /** Extra check on a match, to spare look-alikes in prose. */
  readonly accept?: (match: string) => boolean;
}

const hasDigit = (match: string) => /\d/.test(match);

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { kind: "anthropic_api_key", pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g },
  { kind: "stripe_secret_key", pattern: /\b[sr]k_(?:live|test)_[A-Za-z0-9]{10,}/g },
  // OpenAI keys (sk-..., sk-proj-...) always contain digits; "sk-learn-tutorial-..." does not.
  { kind: "openai_api_key", pattern: /\bsk-[A-Za-z0-9_-]{20,}/g, accept: hasDigit },
  { kind: "aws_access_key_id", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: "github_token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g },
  { kind: "slack_token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: "bearer_token", pattern: /\bBearer\s{1,8}[A-Za-z0-9._~+/=-]{16,}/gi },
];

/** Replaces every secret of `SECRET_PATTERNS` (and the caller's extra patterns) in one string. */
export function redactText(text: string, extraPatterns: readonly RegExp[]): string {
  let result = redactJsonWebTokens(redactPrivateKeyBlocks(text));
  for (const { kind, pattern, accept } of SECRET_PATTERNS) {
    result = result.replace(pattern, (match) => (accept && !accept(match) ? match : `[REDACTED:${kind}]`));
  }
  for (const pattern of extraPatterns) result = result.replace(pattern, "[REDACTED]");
  return redactUrlPasswords(result);
}

/**
 * JSON Web Tokens: a run of base64url-and-dots whose first two segments both start with "eyJ" (the
 * base64url of '{"'). Other base64 JSON, such as pagination cursors, has no second such segment and stays.
 */
function redactJsonWebTokens(text: string): string {
  if (!text.includes("eyJ")) return text;
  return text.replace(/[A-Za-z0-9_.-]{20,}/g, (run) => {
    const segments = run.split(".");
    const isToken = segments.length >= 2 && segments[0]?.startsWith("eyJ") && segments[1]?.startsWith("eyJ");
    return isToken ? "[REDACTED:jwt]" : run;
  });
}

/** "https://user:hunter2@host" → "https://user:[REDACTED]@host"; anchored on "://" so it stays linear. */
function redactUrlPasswords(text: string): string {
  if (!text.includes("://")) return text;
  return text.replace(/:\/\/([^\s/?#@:]{1,256}):([^\s/?#@]{1,256})@/g, "://$1:[REDACTED]@");
}

const BEGIN = "-----BEGIN ";
const END = "-----END ";

/**
 * PEM private key blocks, found with indexOf rather than a lazy regex (which is quadratic when a
 * BEGIN has no END). An unterminated block is redacted to the end of the text.
 */
function redactPrivateKeyBlocks(text: string): string {
  let output = "";
  let position = 0;
  for (;;) {
    const begin = text.indexOf(BEGIN, position);
    if (begin === -1) break;
    const headerEnd = text.indexOf("-----", begin + BEGIN.length);
    const header = headerEnd === -1 ? "" : text.slice(begin + BEGIN.length, headerEnd);
    if (headerEnd === -1 || header.length > 40 || !header.endsWith("PRIVATE KEY")) {
      output += text.slice(position, begin + BEGIN.length);
      position = begin + BEGIN.length;
      continue;
    }
    output += `${text.slice(position, begin)}[REDACTED:private_key]`;
    const end = text.indexOf(END, headerEnd + 5);
    const footerEnd = end === -1 ? -1 : text.indexOf("-----", end + END.length);
    if (footerEnd === -1) return output;
    position = footerEnd + 5;
  }
  return output + text.slice(position);
}
