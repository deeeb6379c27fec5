import type { Environment } from "../env-file.js";

/** One `${NAME}` or `${NAME:-default}` reference and how it resolved. */
export interface VariableReference {
  readonly name: string;
  /** The text after `:-`, or undefined without one. */
  readonly fallback: string | undefined;
  /** `env` when the variable is set (non-empty for a reference with a default), else `default`, else `unset`. */
  readonly source: "env" | "default" | "unset";
}

export interface Expansion {
  /** The value with every reference replaced; an unset reference without a default becomes "". */
  readonly value: string;
  readonly references: readonly VariableReference[];
  /** Text starting with `${` that is not a valid reference (kept as is in `value`). */
  readonly malformed: readonly string[];
}

const REFERENCE = /\$\{([^}]*)\}|\$\{/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Expands `${NAME}` and `${NAME:-default}` as Claude Code does in `.mcp.json`: `:-` applies when the variable
 * is unset or empty; a plain `${NAME}` that is unset is reported as `unset` (the caller fails closed).
 */
export function expandVariables(text: string, environment: Environment): Expansion {
  const references: VariableReference[] = [];
  const malformed: string[] = [];
  const value = text.replace(REFERENCE, (whole, body: string | undefined) => {
    const separator = body?.indexOf(":-") ?? -1;
    const name = body === undefined ? "" : separator >= 0 ? body.slice(0, separator) : body;
    if (!NAME.test(name)) {
      malformed.push(whole);
      return whole;
    }
    const fallback = separator >= 0 ? body?.slice(separator + 2) : undefined;
    const set = environment[name];
    if (fallback === undefined) {
      references.push({ name, fallback, source: set === undefined ? "unset" : "env" });
      return set ?? "";
    }
    const useEnvironment = set !== undefined && set !== "";
    references.push({ name, fallback, source: useEnvironment ? "env" : "default" });
    return useEnvironment ? set : fallback;
  });
  return { value, references, malformed };
}

/** The text with every valid reference cut out: what is literally written in the file. */
export function literalPart(text: string): string {
  return text.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}/g, " ");
}

/** The `:-default` texts of the references in `text`: hard-coded too, so they are scanned like literals. */
export function defaultsOf(text: string): string[] {
  return [...text.matchAll(/\$\{[A-Za-z_][A-Za-z0-9_]*:-([^}]*)\}/g)].map((match) => match[1] ?? "");
}
