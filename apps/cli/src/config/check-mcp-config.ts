import { isRecord } from "@keel/errors/internal";
import { isSecretKey } from "@keel/secrets";
import type { Environment } from "../env-file.js";
import { expandVariables, type VariableReference } from "./expand-variables.js";
import { scanValue } from "./scan-value.js";

/** One problem, named by server and field (`env.API_KEY`, `args[3]`, `headers.Authorization`). Never a secret. */
export interface ConfigFinding {
  readonly server: string;
  readonly field: string;
  readonly message: string;
}

export interface ServerReport {
  readonly name: string;
  readonly transport: string;
  /** Every `${VAR}` reference in the expanded fields and where its value came from (never the value). */
  readonly variables: readonly Pick<VariableReference, "name" | "source">[];
  readonly findings: readonly ConfigFinding[];
}

export interface ConfigReport {
  readonly ok: boolean;
  readonly servers: readonly ServerReport[];
  /** Problems with the file as a whole (no `mcpServers`). */
  readonly findings: readonly ConfigFinding[];
}

/** Where a string sits: its path, and whether its name says it holds a credential. */
interface Leaf {
  readonly field: string;
  readonly value: string;
  readonly secretNamed: boolean;
  /** The variable an argument such as `GITLAB_TOKEN=VALUE` sets, for the advice. */
  readonly variable?: string | undefined;
}

/** A name an environment variable can have: `GITLAB_TOKEN`, not `--api-key`. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * One argument that names its own value: `--api-key=VALUE`, `-Dapp.password=VALUE`, `GITLAB_TOKEN=VALUE` (as
 * `-e` and `--env` take it), `--env=NPM_TOKEN=VALUE`, or a secret-named header `X-Api-Key: VALUE` (as `-H`
 * takes it). A secret-named value is scanned on its own, as a secret; any other argument is scanned whole
 * (`_gitlab_session=…` is a token shape with its name in it).
 */
function argumentLeaf(item: string, field: string): Leaf {
  let value = item;
  let variable: string | undefined;
  for (;;) {
    const assignment = /^(-{0,2}\w[\w.-]*)=([\s\S]*)$/.exec(value);
    const name = assignment?.[1] ?? "";
    // A token with `=` padding is not a name: its "name" would be printed in the advice.
    if (!assignment || scanValue(name, false) !== undefined) break;
    value = assignment[2] ?? "";
    variable = VARIABLE_NAME.test(name) ? name : undefined;
    if (isSecretKey(name)) return { field, value, secretNamed: true, variable };
  }
  const header = /^([A-Za-z][\w-]*):[ \t]*([\s\S]*)$/.exec(value);
  if (header && isSecretKey(header[1] ?? "")) return { field, value: header[2] ?? "", secretNamed: true };
  return { field, value: item, secretNamed: false, variable };
}

function leaves(value: unknown, field: string, secretNamed: boolean, into: Leaf[]): Leaf[] {
  if (typeof value === "string") into.push({ field, value, secretNamed });
  else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const previous = value[index - 1];
      // `--api-key VALUE`: the item is the value of a secret-named flag before it. Not after `--api-key=…`
      // (its value is inline), and never when the item is itself a flag (`--api-key=… --gitlab`).
      const flag =
        typeof previous === "string" &&
        previous.startsWith("-") &&
        !previous.includes("=") &&
        isSecretKey(previous) &&
        !(typeof item === "string" && /^-/.test(item));
      if (typeof item === "string" && !flag) into.push(argumentLeaf(item, `${field}[${index}]`));
      else leaves(item, `${field}[${index}]`, flag, into);
    });
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value))
      leaves(item, field === "" ? key : `${field}.${key}`, isSecretKey(key), into);
  }
  return into;
}

/** The fields Claude Code expands `${VAR}` in, as [path, string] pairs; wrong types are findings. */
function expandable(
  server: Record<string, unknown>,
  problem: (field: string, message: string) => void,
): [string, string][] {
  const fields: [string, string][] = [];
  for (const key of ["command", "url"] as const) {
    const value = server[key];
    if (value === undefined) continue;
    if (typeof value === "string") fields.push([key, value]);
    else problem(key, `must be a string, got ${Array.isArray(value) ? "an array" : typeof value}`);
  }
  if (server.args !== undefined) {
    if (!Array.isArray(server.args)) problem("args", "must be an array of strings");
    else
      server.args.forEach((item, index) => {
        if (typeof item === "string") fields.push([`args[${index}]`, item]);
        else problem(`args[${index}]`, "must be a string");
      });
  }
  for (const key of ["env", "headers"] as const) {
    const value = server[key];
    if (value === undefined) continue;
    if (!isRecord(value)) {
      problem(key, "must be an object of strings");
      continue;
    }
    for (const [name, item] of Object.entries(value)) {
      if (typeof item === "string") fields.push([`${key}.${name}`, item]);
      else problem(`${key}.${name}`, "must be a string");
    }
  }
  return fields;
}

function checkServer(name: string, server: unknown, environment: Environment): ServerReport {
  const findings: ConfigFinding[] = [];
  const problem = (field: string, message: string) => findings.push({ server: name, field, message });
  if (!isRecord(server)) {
    problem("(server)", "must be an object with a command (stdio) or a url (http)");
    return { name, transport: "?", variables: [], findings };
  }
  if (server.command === undefined && server.url === undefined)
    problem("(server)", "has neither a command (stdio) nor a url (http/sse)");
  const variables: Pick<VariableReference, "name" | "source">[] = [];
  for (const [field, raw] of expandable(server, problem)) {
    const expansion = expandVariables(raw, environment);
    for (const reference of expansion.references) {
      variables.push({ name: reference.name, source: reference.source });
      if (reference.source === "unset") {
        problem(
          field,
          `\${${reference.name}} is not set and has no default: refusing to guess (fail closed). Set ${reference.name}, or write \${${reference.name}:-default}`,
        );
      }
    }
    for (const text of expansion.malformed)
      problem(field, `"${text}" is not a valid reference: write \${NAME} or \${NAME:-default}`);
  }
  for (const leaf of leaves(server, "", false, [])) {
    const finding = scanValue(leaf.value, leaf.secretNamed);
    if (!finding) continue;
    const variable = leaf.field.startsWith("env.") ? leaf.field.slice(4) : undefined;
    const instead = leaf.variable
      ? `write "${leaf.variable}=\${${leaf.variable}}" and set ${leaf.variable} in the environment`
      : variable
        ? `write "\${${variable}}" and set ${variable} in the environment`
        : "use a ${VAR} reference";
    problem(leaf.field, `${finding.message}: ${finding.masked}. Never commit a secret: ${instead}`);
  }
  const transport =
    typeof server.type === "string" ? server.type : server.command !== undefined ? "stdio" : "http";
  return { name, transport, variables, findings };
}

/**
 * Checks a parsed `.mcp.json`: expands `${VAR}` / `${VAR:-default}` in command, args, env, url and headers
 * (an unset variable without a default is a finding: fail closed) and looks for hard-coded secrets in every
 * string of every server. Findings never contain a secret, only its mask.
 */
export function checkMcpConfig(config: unknown, environment: Environment): ConfigReport {
  if (!isRecord(config) || !isRecord(config.mcpServers)) {
    const findings = [
      { server: "(file)", field: "mcpServers", message: 'expected { "mcpServers": { "<name>": { ... } } }' },
    ];
    return { ok: false, servers: [], findings };
  }
  const servers = Object.entries(config.mcpServers).map(([name, server]) =>
    checkServer(name, server, environment),
  );
  const ok = servers.every((server) => server.findings.length === 0);
  return { ok, servers, findings: [] };
}
