import data from "./gitleaks-rules.json" with { type: "json" };

/**
 * gitleaks' rules, as data: `gitleaks-rules.json` holds a curated subset of config/gitleaks.toml at tag
 * v8.30.1 (https://github.com/gitleaks/gitleaks, MIT, Copyright (c) 2019 Zachary Rice; the licence text is
 * in the JSON file and in the README). The rules whose tokens carry a fixed prefix or structure (glpat-,
 * npm_, hf_, xoxb-, sk_live_, AKIA, eyJ….eyJ…, -----BEGIN … PRIVATE KEY-----) for the services an agent or an
 * MCP server is given credentials for. Left out: `generic-api-key` and the rules that match any random string
 * after a word such as `discord` (Keel's secret-named field check covers those), rules for file paths, and
 * rules whose shape alone is too common (a bare 40-hex string). gitleaks' allowlists and stopwords are not
 * applied, but each rule's entropy threshold is, as gitleaks applies it.
 *
 * Each rule keeps gitleaks' id, its regular expression verbatim (Go RE2 syntax), entropy threshold and
 * keywords. `re2ToRegExp` turns `regex` into a JavaScript RegExp; `js` is the hand-converted expression where
 * `regex` has inline modifiers JavaScript before ES2025 lacks, or where Keel departs from gitleaks on purpose
 * (`adapted` says how). Labels are Keel's. To update: compare with a newer gitleaks.toml rule by rule.
 */
export interface GitleaksRule {
  /** gitleaks' rule id. */
  readonly id: string;
  /** What Keel calls the credential in a finding. */
  readonly label: string;
  /** gitleaks' regular expression, verbatim (Go RE2 syntax). */
  readonly regex: string;
  /** The same rule as a JavaScript RegExp, where `regex` cannot be converted mechanically. */
  readonly js?: RegExp;
  /** How Keel's `js` deliberately differs from gitleaks' `regex`. */
  readonly adapted?: string;
  /** A match counts only when the secret's Shannon entropy (bits per character) is above this. */
  readonly entropy?: number;
  /** A text is searched only when it contains one of these (lower case, compared case-insensitively). */
  readonly keywords: readonly string[];
}

/** Where the rules come from, and under which licence. */
export const GITLEAKS_SOURCE: {
  readonly url: string;
  readonly version: string;
  readonly commit: string;
  readonly licence: string;
} = data.source;

interface RuleData {
  readonly id: string;
  readonly label: string;
  readonly regex: string;
  readonly js?: string;
  readonly jsFlags?: string;
  readonly adapted?: string;
  readonly entropy?: number;
  readonly keywords: readonly string[];
}

/** Most specific first within a family: a routable GitLab token before the shorter shape it starts with. */
export const GITLEAKS_RULES: readonly GitleaksRule[] = (data.rules as readonly RuleData[]).map(
  ({ js, jsFlags, ...rule }) => (js === undefined ? rule : { ...rule, js: new RegExp(js, jsFlags ?? "") }),
);

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
