import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";

export type Environment = Readonly<Record<string, string | undefined>>;

/** The dotenv file every command reads from its working directory. */
export const ENV_FILE = ".env";

/**
 * Parses dotenv text with Node's own parser (`util.parseEnv`, the one `node --env-file` uses): `KEY=value`,
 * `export KEY=value`, `#` comments, single, double and backtick quotes, multi-line quoted values, `\n` in
 * double quotes. Lines that are not assignments are skipped, so a stray line never stops the CLI.
 */
export function parseEnvFile(text: string): Record<string, string> {
  return { ...parseEnv(text) } as Record<string, string>;
}

/**
 * The environment with `<cwd>/.env` underneath it: a variable already set (even to "") wins, as with
 * python-dotenv's default. A missing `.env` is normal; an unreadable one is ignored the same way.
 */
export function withEnvFile(environment: Environment, cwd: string): Environment {
  let text: string;
  try {
    text = readFileSync(join(cwd, ENV_FILE), "utf8");
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
