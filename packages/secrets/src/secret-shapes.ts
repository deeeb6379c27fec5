import { GITLEAKS_RULES, type GitleaksRule, re2ToRegExp, shannonEntropy } from "./gitleaks-rules.js";

/**
 * What a found secret is called in a redaction marker (`[REDACTED:<kind>]`): Keel's own kinds, or the id of
 * the gitleaks rule that found it (`gitlab-pat`, `npm-access-token`, ...).
 */
export type SecretKind =
  | "anthropic_api_key"
  | "openai_api_key"
  | "stripe_secret_key"
  | "aws_access_key_id"
  | "github_token"
  | "slack_token"
  | "gitlab_token"
  | "npm_access_token"
  | "huggingface_token"
  | "google_api_key"
  | "sendgrid_api_key"
  | "docker_hub_token"
  | "bearer_token"
  | "jwt"
  | "private_key"
  | "url_password"
  | (string & {});

/** One secret in a text: `text.slice(start, end)` is what redaction replaces, `secret` the credential itself. */
export interface SecretMatch {
  readonly start: number;
  readonly end: number;
  /** The credential (a bearer token without its "Bearer"), for a mask. */
  readonly secret: string;
}

/** A credential shape recognisable on its own, wherever it is written. */
export interface SecretShape {
  /** For people: "GitHub token". */
  readonly label: string;
  readonly kind: SecretKind;
  /** The gitleaks rule id, for a shape from gitleaks' rule set. */
  readonly rule?: string;
  /** Every secret of this shape in `text`, in order. Linear in the length of the text. */
  find(text: string): Iterable<SecretMatch>;
}

/** Characters that continue a token past the end of a rule's match. */
const TOKEN_CONTINUES = /^[A-Za-z0-9_-]*/;

/**
 * A gitleaks rule as gitleaks applies it: the text must contain a keyword (case-insensitively), and a match
 * counts only when its secret (the first capture group that matched, else the whole match) has more entropy
 * than the rule's threshold; a match below it does not hide a later one. A rule without an end (`gldt-` and
 * 20 characters) matches the start of a longer token: the secret is the whole token.
 */
export function gitleaksShape(rule: GitleaksRule): SecretShape {
  let global: RegExp | undefined;
  return {
    label: rule.label,
    kind: rule.id,
    rule: rule.id,
    *find(text) {
      const lower = text.toLowerCase();
      if (!rule.keywords.some((keyword) => lower.includes(keyword))) return;
      global ??= globalOf(rule.js ?? re2ToRegExp(rule.regex));
      for (const match of text.matchAll(global)) {
        const found = match.slice(1).find((group) => group !== undefined && group !== "") ?? match[0];
        if (rule.entropy !== undefined && shannonEntropy(found) <= rule.entropy) continue;
        const start = match.index + match[0].indexOf(found);
        const rest = TOKEN_CONTINUES.exec(text.slice(start + found.length, start + found.length + 4096))?.[0];
        const secret = `${found}${rest ?? ""}`;
        yield { start, end: start + secret.length, secret };
      }
    },
  };
}

function globalOf(expression: RegExp): RegExp {
  return new RegExp(expression.source, `${expression.flags.replace("g", "")}g`);
}

interface PatternShape {
  readonly label: string;
  readonly kind: SecretKind;
  /** Starts with a literal where it can, so matching stays linear on hostile text. */
  readonly pattern: RegExp;
  /** The capture group holding the credential (0 = the whole match, which is what redaction replaces). */
  readonly group?: number;
  /** Only texts that contain this (case-insensitively) are searched. */
  readonly needs?: string;
  /** Extra check on a match, to spare look-alikes in prose. */
  readonly accept?: (match: string) => boolean;
}

function patternShape({ label, kind, pattern, group = 0, needs, accept }: PatternShape): SecretShape {
  const global = globalOf(pattern);
  return {
    label,
    kind,
    *find(text) {
      if (needs !== undefined && !text.toLowerCase().includes(needs)) return;
      for (const match of text.matchAll(global)) {
        if (accept !== undefined && !accept(match[0])) continue;
        yield { start: match.index, end: match.index + match[0].length, secret: match[group] ?? match[0] };
      }
    },
  };
}

const hasDigit = (match: string) => /\d/.test(match);

/** A bearer token of 16+ characters, or 8+ that are not all letters: "Bearer instruments." is prose. */
const isBearerToken = (match: string) => {
  const token = match.replace(/^Bearer\s+/i, "").replace(/\.+$/, "");
  return token.length >= 16 || /[^A-Za-z]/.test(token);
};

/**
 * JSON Web Tokens: a run of base64url-and-dots whose first two segments both start with "eyJ" (the
 * base64url of '{"'). Other base64 JSON, such as pagination cursors, has no second such segment and stays.
 */
const isJsonWebToken = (run: string) => {
  const segments = run.split(".");
  return (
    segments.length >= 2 && segments[0]?.startsWith("eyJ") === true && segments[1]?.startsWith("eyJ") === true
  );
};

const BEGIN = "-----BEGIN ";
const END = "-----END ";

/**
 * PEM private key blocks, found with indexOf rather than a lazy regex (which is quadratic when a BEGIN has no
 * END). An unterminated block, a header line alone included, runs to the end of the text.
 */
const privateKeyBlocks: SecretShape = {
  label: "private key",
  kind: "private_key",
  *find(text) {
    let position = 0;
    for (;;) {
      const begin = text.indexOf(BEGIN, position);
      if (begin === -1) return;
      const headerEnd = text.indexOf("-----", begin + BEGIN.length);
      const header = headerEnd === -1 ? "" : text.slice(begin + BEGIN.length, headerEnd);
      if (headerEnd === -1 || header.length > 40 || !header.endsWith("PRIVATE KEY")) {
        position = begin + BEGIN.length;
        continue;
      }
      const end = text.indexOf(END, headerEnd + 5);
      const footerEnd = end === -1 ? -1 : text.indexOf("-----", end + END.length);
      const blockEnd = footerEnd === -1 ? text.length : footerEnd + 5;
      yield { start: begin, end: blockEnd, secret: text.slice(begin, blockEnd) };
      if (footerEnd === -1) return;
      position = blockEnd;
    }
  },
};

/**
 * The password of a URL (`scheme://user:password@host`, the user may be empty), unless it is a `${VAR}`
 * reference or already `[REDACTED]`. Anchored on "://" so it stays linear.
 */
const urlPasswords: SecretShape = {
  label: "password written into a URL",
  kind: "url_password",
  *find(text) {
    if (!text.includes("://")) return;
    for (const match of text.matchAll(/:\/\/[^\s/?#@:]{0,256}:([^\s/?#@]{1,256})@/g)) {
      const password = match[1] ?? "";
      if (/^\$\{[^}]+\}$/.test(password) || password === "[REDACTED]") continue;
      const start = match.index + match[0].length - 1 - password.length;
      yield { start, end: start + password.length, secret: password };
    }
  },
};

/**
 * Keel's own shapes: looser than gitleaks' (an `sk-ant-…` key of any length, `ghp_` with 20 or more
 * characters, a token followed by `&` or `,` in a URL, a placeholder with too little entropy for gitleaks),
 * tokens gitleaks has no rule for here (Docker Hub `dckr_pat_`, bearer tokens), JSON Web Tokens, PEM private
 * key blocks and URL passwords.
 */
export const KEEL_SHAPES: readonly SecretShape[] = [
  // Blocks and JWTs first: what is inside them is theirs, not a shorter key's.
  privateKeyBlocks,
  patternShape({
    label: "JSON Web Token",
    kind: "jwt",
    pattern: /[A-Za-z0-9_.-]{20,}/,
    needs: "eyj",
    accept: isJsonWebToken,
  }),
  patternShape({
    label: "Anthropic API key",
    kind: "anthropic_api_key",
    pattern: /\bsk-ant-[A-Za-z0-9_-]{8,}/,
  }),
  patternShape({
    label: "OpenAI project key",
    kind: "openai_api_key",
    pattern: /\bsk-proj-[A-Za-z0-9_-]{8,}/,
  }),
  // OpenAI keys (sk-..., sk-proj-...) always contain digits; "sk-learn-tutorial-..." does not.
  patternShape({
    label: "OpenAI API key",
    kind: "openai_api_key",
    pattern: /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{16,}/,
    accept: hasDigit,
  }),
  patternShape({
    label: "Stripe API key",
    kind: "stripe_secret_key",
    pattern: /(?<![A-Za-z0-9])[sr]k_(?:live|test|prod)_[A-Za-z0-9]{8,}/,
  }),
  patternShape({
    label: "AWS access key id",
    kind: "aws_access_key_id",
    pattern: /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/,
  }),
  patternShape({
    label: "GitHub token",
    kind: "github_token",
    pattern: /(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{20,}/,
  }),
  patternShape({
    label: "GitHub fine-grained token",
    kind: "github_token",
    pattern: /\bgithub_pat_[A-Za-z0-9_]{20,}/,
  }),
  patternShape({ label: "Slack token", kind: "slack_token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/ }),
  patternShape({
    label: "GitLab personal access token",
    kind: "gitlab_token",
    pattern: /glpat-[A-Za-z0-9_-]{20,}/,
  }),
  patternShape({
    label: "GitLab pipeline trigger token",
    kind: "gitlab_token",
    pattern: /glptt-[A-Za-z0-9_-]{40}/,
  }),
  patternShape({
    label: "GitLab runner registration token",
    kind: "gitlab_token",
    pattern: /GR1348941[A-Za-z0-9_-]{20}/,
  }),
  patternShape({ label: "GitLab deploy token", kind: "gitlab_token", pattern: /gldt-[A-Za-z0-9_-]{20,}/ }),
  patternShape({
    label: "npm access token",
    kind: "npm_access_token",
    pattern: /(?<![A-Za-z0-9])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/,
  }),
  patternShape({
    label: "Hugging Face access token",
    kind: "huggingface_token",
    pattern: /(?<![A-Za-z0-9])hf_[A-Za-z0-9]{34}(?![A-Za-z0-9])/,
  }),
  patternShape({
    label: "Hugging Face organisation API token",
    kind: "huggingface_token",
    pattern: /(?<![A-Za-z0-9])api_org_[A-Za-z0-9]{34}(?![A-Za-z0-9])/,
  }),
  patternShape({
    label: "Google API key",
    kind: "google_api_key",
    pattern: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/,
  }),
  patternShape({
    label: "SendGrid API key",
    kind: "sendgrid_api_key",
    pattern: /SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/,
  }),
  patternShape({
    label: "Docker Hub access token",
    kind: "docker_hub_token",
    pattern: /(?<![A-Za-z0-9_])dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,}/,
  }),
  patternShape({
    label: "bearer token",
    kind: "bearer_token",
    pattern: /\bBearer\s{1,8}([A-Za-z0-9._~+/=-]{8,})/i,
    group: 1,
    accept: isBearerToken,
  }),
  urlPasswords,
];

/**
 * Every shape, in the order a finding is reported: gitleaks' rules first (the precise shapes, with their
 * labels), then Keel's looser and extra shapes.
 */
export const SECRET_SHAPES: readonly SecretShape[] = [...GITLEAKS_RULES.map(gitleaksShape), ...KEEL_SHAPES];
