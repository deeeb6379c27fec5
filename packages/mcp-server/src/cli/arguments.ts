import { resolve } from "node:path";
import { commandLine } from "@keel/command-line";
import { KeelMcpConfigError } from "../config-error.js";
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from "../logger.js";
import type { StoreSettings } from "../store.js";

/** `--log-level` and `--log-format`. */
export interface LogSettings {
  readonly level: LogLevel;
  readonly format: LogFormat;
}

export type CliCommand =
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | { readonly kind: "stdio"; readonly store: StoreSettings; readonly log: LogSettings }
  | {
      readonly kind: "http";
      readonly store: StoreSettings;
      readonly log: LogSettings;
      readonly host: string;
      readonly port: number;
      readonly allowedOrigins: readonly string[];
      readonly allowedHosts: readonly string[];
      readonly requireConversation: boolean;
      /** Open connections at most (`--max-connections`); undefined: the server's default. */
      readonly maxConnections: number | undefined;
      /** `--header-timeout` in milliseconds; undefined: the server's default (10 s). */
      readonly headersTimeoutMs: number | undefined;
    };

/** The environment variables the CLI reads (tokens are read where they are used, never echoed). */
export interface CliEnvironment {
  readonly DATABASE_URL?: string | undefined;
  readonly KEEL_DATA_DIR?: string | undefined;
  /** Comma-separated, added to `--allowed-origin` / `--allowed-host`. */
  readonly KEEL_MCP_ALLOWED_ORIGINS?: string | undefined;
  readonly KEEL_MCP_ALLOWED_HOSTS?: string | undefined;
}

/**
 * Parses argv (without node and the script). Flags beat the environment: `--memory` and `--data-dir`
 * win over DATABASE_URL, which wins over KEEL_DATA_DIR and the default `./.keel-data`. An empty
 * variable counts as unset (so `.mcp.json` can pass `${DATABASE_URL:-}`). Throws KeelMcpConfigError (USAGE).
 */
export function parseCliArguments(
  argv: readonly string[],
  environment: CliEnvironment,
  cwd: string,
): CliCommand {
  const { values } = keelMcp.parse(argv, OPTIONS, { positionals: false });
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  if (values.memory && values["data-dir"] !== undefined)
    throw usage("--memory and --data-dir exclude each other.");
  const http = [
    values.host,
    values.port,
    values["allowed-origin"],
    values["allowed-host"],
    values["require-conversation"],
    values["max-connections"],
    values["header-timeout"],
  ];
  if (!values.http && http.some((value) => value !== undefined)) {
    throw usage(
      "--host, --port, --allowed-origin, --allowed-host, --require-conversation, --max-connections and --header-timeout only apply with --http.",
    );
  }
  const store = storeSettings(values.memory === true, values["data-dir"], environment, cwd);
  const log = {
    level: keelMcp.oneOf("--log-level", values["log-level"] ?? "info", LOG_LEVELS),
    format: keelMcp.oneOf("--log-format", values["log-format"] ?? "text", LOG_FORMATS),
  };
  if (!values.http) return { kind: "stdio", store, log };
  const host = values.host ?? "127.0.0.1";
  if (host.trim() === "") throw usage("--host needs an address, e.g. 127.0.0.1.");
  const listed = (flags: readonly string[] | undefined, variable: string | undefined) => [
    ...(flags ?? []),
    ...(variable ?? "")
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== ""),
  ];
  const allowedOrigins = listed(values["allowed-origin"], environment.KEEL_MCP_ALLOWED_ORIGINS);
  for (const origin of allowedOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw usage(
        `--allowed-origin needs an origin such as https://app.example.com, got ${JSON.stringify(origin)}.`,
      );
  }
  return {
    kind: "http",
    store,
    log,
    host,
    port: readPort(values.port),
    allowedOrigins,
    allowedHosts: listed(values["allowed-host"], environment.KEEL_MCP_ALLOWED_HOSTS),
    requireConversation: values["require-conversation"] === true,
    maxConnections: readMaxConnections(values["max-connections"]),
    headersTimeoutMs: readHeaderTimeout(values["header-timeout"]),
  };
}

const OPTIONS = {
  http: { type: "boolean" },
  host: { type: "string" },
  port: { type: "string" },
  "allowed-origin": { type: "string", multiple: true },
  "allowed-host": { type: "string", multiple: true },
  "require-conversation": { type: "boolean" },
  "max-connections": { type: "string" },
  "header-timeout": { type: "string" },
  "data-dir": { type: "string" },
  memory: { type: "boolean" },
  "log-level": { type: "string" },
  "log-format": { type: "string" },
  version: { type: "boolean", short: "v" },
} as const;

function storeSettings(
  memory: boolean,
  dataDir: string | undefined,
  environment: CliEnvironment,
  cwd: string,
): StoreSettings {
  if (memory) return { kind: "memory" };
  if (dataDir !== undefined) {
    if (dataDir.trim() === "") throw usage("--data-dir needs a directory.");
    return { kind: "pglite", dataDir: resolve(cwd, dataDir) };
  }
  if (environment.DATABASE_URL) return { kind: "postgres", databaseUrl: environment.DATABASE_URL };
  return { kind: "pglite", dataDir: resolve(cwd, environment.KEEL_DATA_DIR || ".keel-data") };
}

/** `--port PORT`: 0 (any free port) to 65535; 8787 when not given. */
function readPort(text: string | undefined): number {
  return text === undefined ? 8787 : keelMcp.readInteger("--port", text, 0, 65_535);
}

/** `--max-connections N`: 1 to 1000000; undefined (the server's default) when not given. */
function readMaxConnections(text: string | undefined): number | undefined {
  return text === undefined ? undefined : keelMcp.readInteger("--max-connections", text, 1, 1_000_000);
}

/** `--header-timeout SECONDS`: whole seconds, 1 to 3600 (the server checks connections once a second). */
function readHeaderTimeout(text: string | undefined): number | undefined {
  return text === undefined ? undefined : keelMcp.readInteger("--header-timeout", text, 1, 3600) * 1000;
}

/** `keel-mcp`'s command line: the shared helper (`--help`, "did you mean", usage errors) with its wording. */
const keelMcp = commandLine({
  name: "keel-mcp",
  quoteHelp: false,
  helpAfterValueErrors: true,
  usageError: (message) => new KeelMcpConfigError("USAGE", message),
});

/** A usage error: `problem`, then `Run keel-mcp --help for the options.` */
const usage = (problem: string) => keelMcp.usage(problem);
