/** Where the server writes what happened. Never stdout: on stdio, stdout carries the protocol only. */
export interface Logger {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void;
  error(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

export type LogLevel = "info" | "warn" | "error" | "silent";

const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };

/**
 * A logger that writes one line per event to a stream (stderr by default): `keel-mcp <level> <message>`
 * followed by the fields as JSON. Callers pass no secrets in fields; headers are never logged.
 */
export function createStderrLogger(
  options: { readonly level?: LogLevel; readonly stream?: NodeJS.WritableStream } = {},
): Logger {
  const threshold = RANK[options.level ?? "info"];
  const stream = options.stream ?? process.stderr;
  const write = (
    level: Exclude<LogLevel, "silent">,
    message: string,
    fields?: Readonly<Record<string, unknown>>,
  ) => {
    if (RANK[level] < threshold) return;
    const suffix = fields && Object.keys(fields).length > 0 ? ` ${safeJson(fields)}` : "";
    stream.write(`keel-mcp ${level} ${message}${suffix}\n`);
  };
  return {
    info: (message, fields) => write("info", message, fields),
    warn: (message, fields) => write("warn", message, fields),
    error: (message, fields) => write("error", message, fields),
  };
}

/** A logger that drops everything (tests, embedding). */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

function safeJson(fields: Readonly<Record<string, unknown>>): string {
  try {
    return JSON.stringify(fields, (_key, value: unknown) => (value instanceof Error ? value.message : value));
  } catch {
    return '"(unserialisable fields)"';
  }
}
