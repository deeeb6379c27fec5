import { dirname, resolve } from "node:path";
import { didYouMean } from "@keel/diagnostics";
import { isRecord } from "@keel/errors/internal";
import type { McpServerConfig } from "@keel/mcp-client";
import type { Environment } from "../env-file.js";
import type { SqlCredentialStore } from "../mcp-auth/credential-store.js";
import { lazyCredentialStore, withStoredAuth } from "../mcp-auth/credentials.js";
import { type OAuthSettings, oauthSettingsOf } from "../mcp-auth/oauth-settings.js";
import { parseInputJson, readInputFile } from "../read-input-file.js";
import { UsageError } from "../usage-error.js";
import { checkMcpConfig } from "./check-mcp-config.js";
import { expandVariables } from "./expand-variables.js";

/** The servers of a `.mcp.json` to start, with every `${VAR}` expanded, and the folder commands run in. */
export interface ChosenServers {
  readonly servers: Readonly<Record<string, McpServerConfig>>;
  /** The config file's folder: relative commands and paths in it are relative to it, as in Claude Code. */
  readonly cwd: string;
  /** Each HTTP server's `oauth` settings (empty when it has none). */
  readonly oauth: Readonly<Record<string, OAuthSettings>>;
  /** Where the HTTP servers' OAuth credentials are kept (opened on first use); close it when done. */
  readonly credentials: SqlCredentialStore;
}

/** `--mcp-config FILE [--mcp-server NAME ...]`: tools from the MCP servers of a `.mcp.json`. */
export const MCP_CONFIG_OPTIONS = {
  "mcp-config": { type: "string" },
  "mcp-server": { type: "string", multiple: true },
} as const;

export interface McpConfigFlags {
  readonly "mcp-config"?: string | undefined;
  readonly "mcp-server"?: readonly string[] | undefined;
}

/**
 * The `--mcp-config` file and the `--mcp-server` names (empty: every server), or undefined without
 * `--mcp-config`, where naming a server is a UsageError. Reads no file: chooseServers does.
 */
export function mcpConfigFlags(
  flags: McpConfigFlags,
): { readonly file: string; readonly names: readonly string[] } | undefined {
  const names = flags["mcp-server"] ?? [];
  const file = flags["mcp-config"];
  if (file !== undefined) return { file, names };
  if (names.length > 0)
    throw new UsageError("--mcp-server names a server of --mcp-config FILE: give that too.");
  return undefined;
}

/**
 * Reads a Claude Code style `.mcp.json` and returns the named servers (all when `names` is empty), ready
 * to connect. The config passes exactly `keel check-config`'s checks first, with the same environment
 * (the process's, not ./.env): a config it rejects — a hard-coded secret, an unset `${VAR}` without a
 * default — is never started; the UsageError lists the findings (never a secret, only its mask).
 */
export async function chooseServers(
  file: string,
  names: readonly string[],
  environment: Environment,
  cwd: string,
): Promise<ChosenServers> {
  const path = resolve(cwd, file);
  const config = parseInputJson(await readInputFile(path, `--mcp-config ${file}`), `--mcp-config ${file}`);
  const report = checkMcpConfig(config, environment);
  const all = isRecord(config) && isRecord(config.mcpServers) ? config.mcpServers : {};
  const known = Object.keys(all);
  for (const name of names) {
    if (!known.includes(name)) {
      throw new UsageError(
        `--mcp-server ${name}: ${file} has no server "${name}".${didYouMean(name, known)}` +
          ` It has: ${known.join(", ") || "none"}.`,
      );
    }
  }
  const chosen = names.length > 0 ? names : known;
  const findings = [
    ...report.findings,
    ...report.servers.filter((server) => chosen.includes(server.name)).flatMap((server) => server.findings),
  ];
  if (findings.length > 0 || (known.length === 0 && report.findings.length === 0 && !report.ok)) {
    const lines = findings.map((finding) => `  ${finding.server} ${finding.field}: ${finding.message}`);
    throw new UsageError(
      `--mcp-config ${file} fails keel check-config, so no server was started:\n${lines.join("\n")}`,
    );
  }
  if (chosen.length === 0) throw new UsageError(`--mcp-config ${file}: mcpServers is empty.`);
  const servers: Record<string, McpServerConfig> = {};
  const oauth: Record<string, OAuthSettings> = {};
  // Credentials live per person (see credentials.ts): the process environment says where, not ./.env.
  const credentials = lazyCredentialStore(environment, cwd);
  for (const name of chosen) {
    const entry = all[name] as Record<string, unknown>;
    oauth[name] = oauthSettingsOf(name, entry);
    const server = serverOf(name, entry, environment, dirname(path));
    servers[name] = withStoredAuth(name, server, oauth[name], credentials, file);
  }
  return { servers, cwd: dirname(path), oauth, credentials };
}

function serverOf(
  name: string,
  entry: Record<string, unknown>,
  environment: Environment,
  cwd: string,
): McpServerConfig {
  const expand = (text: string) => expandVariables(text, environment).value;
  const strings = (value: unknown): Record<string, string> =>
    Object.fromEntries(
      Object.entries(isRecord(value) ? value : {}).map(([key, item]) => [key, expand(String(item))]),
    );
  const type = typeof entry.type === "string" ? entry.type : entry.command !== undefined ? "stdio" : "http";
  if (type === "stdio") {
    return {
      type: "stdio",
      command: expand(String(entry.command)),
      args: Array.isArray(entry.args) ? entry.args.map((item) => expand(String(item))) : [],
      env: strings(entry.env),
      cwd,
      stderr: "pipe",
    };
  }
  if (type === "http" || type === "streamable-http") {
    return { type: "http", url: expand(String(entry.url)), headers: strings(entry.headers) };
  }
  throw new UsageError(
    `--mcp-server ${name}: the "${type}" transport is not supported; use "stdio" or "http" (Streamable HTTP).`,
  );
}
