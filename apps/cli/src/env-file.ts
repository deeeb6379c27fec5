import { readFileSync } from "node:fs";
import { join } from "node:path";

export type Environment = Readonly<Record<string, string | undefined>>;

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/;

/**
 * Parses dotenv text: `KEY=value`, `export KEY=value`, `#` comments, single quotes (literal) and double
 * quotes (with \n, \t, \\ and \" escapes); an unquoted value ends at ` #`. Lines that are not assignments
 * are skipped, so a stray line never stops the CLI.
 */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = LINE.exec(line);
    if (!match || line.trimStart().startsWith("#")) continue;
    const [, key = "", raw = ""] = match;
    values[key] = unquote(raw);
  }
  return values;
}

function unquote(raw: string): string {
  const quote = raw[0];
  if ((quote === '"' || quote === "'") && raw.length >= 2) {
    const end = raw.indexOf(quote, 1);
    if (end > 0) {
      const inner = raw.slice(1, end);
      if (quote === "'") return inner;
      return inner.replace(/\\([nt"\\])/g, (_, escaped: string) =>
        escaped === "n" ? "\n" : escaped === "t" ? "\t" : escaped,
      );
    }
  }
  return raw.replace(/\s+#.*$/, "");
}

/**
 * The environment with `<cwd>/.env` underneath it: a variable already set (even to "") wins, as with
 * python-dotenv's default. A missing `.env` is normal; an unreadable one is ignored the same way.
 */
export function withEnvFile(environment: Environment, cwd: string): Environment {
  let text: string;
  try {
    text = readFileSync(join(cwd, ".env"), "utf8");
  } catch {
    return environment;
  }
  return { ...parseEnvFile(text), ...definedOnly(environment) };
}

function definedOnly(environment: Environment): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(environment)) if (value !== undefined) result[key] = value;
  return result;
}
