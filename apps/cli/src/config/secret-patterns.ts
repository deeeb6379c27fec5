/** A credential shape recognisable on its own, wherever it is written. */
export interface SecretShape {
  readonly label: string;
  readonly pattern: RegExp;
  /** The capture group holding the secret (0 = the whole match). */
  readonly group?: number;
}

/** Most specific first: an Anthropic key also looks like a generic `sk-` key. */
export const SECRET_SHAPES: readonly SecretShape[] = [
  { label: "Anthropic API key", pattern: /sk-ant-[A-Za-z0-9_-]{8,}/ },
  { label: "OpenAI project key", pattern: /sk-proj-[A-Za-z0-9_-]{8,}/ },
  { label: "OpenAI API key", pattern: /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{16,}/ },
  { label: "Stripe live key", pattern: /(?<![A-Za-z0-9])[sr]k_live_[A-Za-z0-9]{8,}/ },
  { label: "AWS access key id", pattern: /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/ },
  { label: "GitHub token", pattern: /(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{20,}/ },
  { label: "GitHub fine-grained token", pattern: /github_pat_[A-Za-z0-9_]{20,}/ },
  { label: "Slack token", pattern: /xox[abprs]-[A-Za-z0-9-]{10,}/ },
  // The next shapes follow gitleaks' published rules (https://github.com/gitleaks/gitleaks, MIT licence,
  // config/gitleaks.toml: gitlab-pat, gitlab-ptt, gitlab-rrt, gitlab-deploy-token, npm-access-token,
  // huggingface-access-token, gcp-api-key, sendgrid-api-token), adapted to JavaScript regular expressions.
  { label: "GitLab personal access token", pattern: /glpat-[A-Za-z0-9_-]{20,}/ },
  { label: "GitLab pipeline trigger token", pattern: /glptt-[A-Za-z0-9_-]{40}/ },
  { label: "GitLab runner registration token", pattern: /GR1348941[A-Za-z0-9_-]{20}/ },
  { label: "GitLab deploy token", pattern: /gldt-[A-Za-z0-9_-]{20,}/ },
  { label: "npm access token", pattern: /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/ },
  { label: "Hugging Face access token", pattern: /(?<![A-Za-z0-9])hf_[A-Za-z]{34}(?![A-Za-z0-9])/ },
  { label: "Google API key", pattern: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/ },
  { label: "SendGrid API key", pattern: /SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/ },
  { label: "private key", pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
  { label: "bearer token", pattern: /\bBearer\s+([A-Za-z0-9._~+/=-]{8,})/i, group: 1 },
];

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
