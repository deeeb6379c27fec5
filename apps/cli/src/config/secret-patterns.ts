import { GITLEAKS_RULES, type GitleaksRule } from "./gitleaks-rules.js";

/** A credential shape recognisable on its own, wherever it is written. */
export interface SecretShape {
  readonly label: string;
  /** Finds the first credential of this shape in a text: a RegExp, or a gitleaks rule with its own checks. */
  readonly pattern: { exec(text: string): readonly (string | undefined)[] | null };
  /** The capture group holding the secret (0 = the whole match). */
  readonly group?: number;
  /** The gitleaks rule id, for a shape from gitleaks' rule set. */
  readonly rule?: string;
}

/**
 * gitleaks' RE2 expression as a JavaScript RegExp: a leading `(?i)` becomes the `i` flag, `(?P<name>` becomes
 * `(?<name>` and `\z` becomes `$`. Any other RE2-only syntax (an inline `(?i)` later on, `(?i:…)`, `(?-i:…)`,
 * `(?s)`, `\A`, `[[:alpha:]]`) is refused rather than misread: such a rule needs a hand-converted `js`.
 */
export function re2ToRegExp(re2: string): RegExp {
  const caseless = re2.startsWith("(?i)");
  const source = (caseless ? re2.slice(4) : re2).replaceAll("(?P<", "(?<").replace(/(?<!\\)\\z/g, () => "$");
  const unsupported = /(?<!\\)\((?=\?(?![:=!]|<[=!]|<[A-Za-z_]))|(?<!\\)\\[AQE]|\[\[:/.exec(source);
  if (unsupported)
    throw new Error(`RE2 syntax with no JavaScript equivalent at ${unsupported.index}: ${re2}`);
  return new RegExp(source, caseless ? "i" : "");
}

/** Shannon entropy in bits per character, as gitleaks computes it. */
export function shannonEntropy(text: string): number {
  const characters = [...text];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const frequency = count / characters.length;
    entropy -= frequency * Math.log2(frequency);
  }
  return entropy;
}

/** Characters that continue a token past the end of a rule's match. */
const TOKEN_CONTINUES = /^[A-Za-z0-9_-]*/;

/**
 * A gitleaks rule as gitleaks applies it: the text must contain a keyword (case-insensitively), and a match
 * counts only when its secret (the first capture group that matched, else the whole match) has more entropy
 * than the rule's threshold; a match below it does not hide a later one.
 */
export function gitleaksShape(rule: GitleaksRule): SecretShape {
  const expression = rule.js ?? re2ToRegExp(rule.regex);
  const global = new RegExp(expression.source, `${expression.flags.replace("g", "")}g`);
  return {
    label: rule.label,
    rule: rule.id,
    group: 0,
    pattern: {
      exec(text: string): readonly string[] | null {
        const lower = text.toLowerCase();
        if (!rule.keywords.some((keyword) => lower.includes(keyword))) return null;
        for (const match of text.matchAll(global)) {
          const secret = match.slice(1).find((group) => group !== undefined && group !== "") ?? match[0];
          if (rule.entropy !== undefined && shannonEntropy(secret) <= rule.entropy) continue;
          // A rule without an end (`gldt-` and 20 characters) matches the start of a longer token: report it
          // whole, so that its mask gives the length of what is to be revoked.
          const start = match.index + match[0].indexOf(secret);
          const rest = TOKEN_CONTINUES.exec(text.slice(start + secret.length))?.[0] ?? "";
          return [`${secret}${rest}`]; // the secret as group 0, whichever group held it
        }
        return null;
      },
    },
  };
}

/**
 * Keel's own shapes, tried after gitleaks' rules: the ones it had before taking them, so that nothing found
 * before is missed (an `sk-ant-…` key of any length, `ghp_` with 20 or more characters, a token followed by `&`
 * or `,` in a URL, a placeholder with too little entropy for gitleaks, a `-----BEGIN … PRIVATE KEY-----` line
 * alone), Hugging Face tokens with digits, and tokens gitleaks has no rule for (Docker Hub `dckr_pat_`, bearer
 * tokens).
 */
const KEEL_SHAPES: readonly SecretShape[] = [
  { label: "Anthropic API key", pattern: /sk-ant-[A-Za-z0-9_-]{8,}/ },
  { label: "OpenAI project key", pattern: /sk-proj-[A-Za-z0-9_-]{8,}/ },
  { label: "OpenAI API key", pattern: /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{16,}/ },
  { label: "Stripe API key", pattern: /(?<![A-Za-z0-9])[sr]k_(?:live|test|prod)_[A-Za-z0-9]{8,}/ },
  { label: "AWS access key id", pattern: /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/ },
  { label: "GitHub token", pattern: /(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{20,}/ },
  { label: "GitHub fine-grained token", pattern: /github_pat_[A-Za-z0-9_]{20,}/ },
  { label: "Slack token", pattern: /xox[abprs]-[A-Za-z0-9-]{10,}/ },
  { label: "GitLab personal access token", pattern: /glpat-[A-Za-z0-9_-]{20,}/ },
  { label: "GitLab pipeline trigger token", pattern: /glptt-[A-Za-z0-9_-]{40}/ },
  { label: "GitLab runner registration token", pattern: /GR1348941[A-Za-z0-9_-]{20}/ },
  { label: "GitLab deploy token", pattern: /gldt-[A-Za-z0-9_-]{20,}/ },
  { label: "npm access token", pattern: /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/ },
  { label: "Hugging Face access token", pattern: /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{34}(?![A-Za-z0-9])/ },
  {
    label: "Hugging Face organisation API token",
    pattern: /(?<![A-Za-z0-9])api_org_[A-Za-z0-9]{34}(?![A-Za-z0-9])/,
  },
  { label: "Google API key", pattern: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/ },
  { label: "SendGrid API key", pattern: /SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/ },
  { label: "Docker Hub access token", pattern: /(?<![A-Za-z0-9_])dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,}/ },
  { label: "private key", pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
  { label: "bearer token", pattern: /\bBearer\s+([A-Za-z0-9._~+/=-]{8,})/i, group: 1 },
];

/** gitleaks' rules first (the precise shapes, with their labels), then Keel's looser and extra shapes. */
export const SECRET_SHAPES: readonly SecretShape[] = [...GITLEAKS_RULES.map(gitleaksShape), ...KEEL_SHAPES];

/** Passwords people leave in place: a literal equal to one of these is a known default secret. */
export const DEFAULT_SECRETS: ReadonlySet<string> = new Set([
  "changeme",
  "change-me",
  "change_me",
  "changeit",
  "password",
  "password1",
  "password123",
  "passw0rd",
  "secret",
  "secret123",
  "admin",
  "admin123",
  "administrator",
  "root",
  "toor",
  "test",
  "test123",
  "testing",
  "default",
  "letmein",
  "welcome",
  "qwerty",
  "123456",
  "12345678",
  "guest",
  "demo",
  "dummy",
  "example",
  "token",
  "apikey",
  "api-key",
  "postgres",
  "mysql",
]);

const SECRET_WORDS = new Set([
  "token",
  "secret",
  "password",
  "passwd",
  "pwd",
  "passphrase",
  "apikey",
  "key",
  "credential",
  "credentials",
  "authorization",
  "cookie",
  "private",
]);

/** A name ending in one of these points at a secret (`CREDENTIALS_FILE`, `TOKEN_URL`) rather than holding it. */
const POINTER_WORDS = new Set([
  "file",
  "path",
  "dir",
  "directory",
  "url",
  "uri",
  "endpoint",
  "name",
  "type",
  "header",
]);

/**
 * Whether a field name says it holds a credential: `API_KEY`, `x-api-key`, `authToken`, `Authorization`,
 * `--client-secret`. Compared word by word, so `MONKEY` or `KEYBOARD_LAYOUT` are not, nor are names that
 * point at a secret (`KEY_FILE`, `TOKEN_URL`).
 */
export function isSecretName(name: string): boolean {
  const words = name
    .replace(/^-+/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (POINTER_WORDS.has(words.at(-1) ?? "")) return false;
  return words.some((word) => SECRET_WORDS.has(word));
}

/** A password written into a URL (`scheme://user:password@host`), unless it is a `${VAR}` reference. */
export function urlPassword(text: string): string | undefined {
  const match = /[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:([^@\s/]+)@/i.exec(text);
  const password = match?.[1];
  if (password === undefined || /^\$\{[^}]+\}$/.test(password)) return undefined;
  return password;
}
