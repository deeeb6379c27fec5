import { environmentSecrets, redactArtifactText } from "@keel/secrets";
/** Where the server writes what happened. Never stdout: on stdio, stdout carries the protocol only. */
export interface Logger {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void;
  error(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

export type LogLevel = "info" | "warn" | "error" | "silent";
export const LOG_LEVELS: readonly LogLevel[] = ["info", "warn", "error", "silent"];

/** `text`: one line for people; `json`: one JSON object per line for a log pipeline. */
export type LogFormat = "text" | "json";
export const LOG_FORMATS: readonly LogFormat[] = ["text", "json"];

const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };

export interface StderrLoggerOptions {
  /** The least severe level written. Default "info" (which includes one line per tools/call). */
  readonly level?: LogLevel | undefined;
  readonly format?: LogFormat | undefined;
  readonly stream?: NodeJS.WritableStream | undefined;
  /** The clock for the timestamp (tests). */
  readonly now?: () => Date;
}

/**
 * A logger that writes one line per event to a stream (stderr by default), each with an ISO 8601 UTC
 * timestamp and a level. Text: `2026-11-24T12:00:00.000Z keel-mcp info <message> {fields as JSON}`. JSON:
 * `{"time":…,"level":…,"service":"keel-mcp","msg":…,…fields}`. Callers pass no customer data in fields (tool
 * names, codes and durations only) and headers are never logged; every line is still redacted with
 * `@keel/secrets`' artifact redaction, the one Keel's traces, cassettes and spans use.
 *
 * Info lines (one per tools/call) are written together once per turn of the event loop: stderr to a pipe
 * or file is a blocking write, and one per call cost about as much as the call itself under load. Warnings
 * and errors are written at once, after any info lines still held, so the order is kept; lines still held
 * when the process exits are written then.
 */
export function createStderrLogger(options: StderrLoggerOptions = {}): Logger {
  const threshold = RANK[options.level ?? "info"];
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? (() => new Date());
  const json = options.format === "json";
  const literals = environmentSecrets();
  const redactValue = memoized((text: string) => redactArtifactText(text, literals));
  let held = "";
  const flush = () => {
    if (held === "") return;
    const lines = held;
    held = "";
    HOLDING.delete(flush);
    stream.write(lines);
  };
  const write = (
    level: Exclude<LogLevel, "silent">,
    message: string,
    fields?: Readonly<Record<string, unknown>>,
  ) => {
    if (RANK[level] < threshold) return;
    const time = now().toISOString();
    // The one artifact redaction (@keel/secrets): a secret in an error message or a client-chosen name never
    // reaches the log, nor does a token of this process (KEEL_MCP_TOKEN, ...) even when it matches no shape.
    // An info line (one per tools/call) is redacted value by value, each distinct string once (tool names,
    // codes and roles repeat); a warning or an error, rare and free-form, as a whole line.
    const info = level === "info";
    const shown = info ? redactFields(fields, redactValue) : fields;
    const text = info ? redactValue(message) : message;
    const suffix = shown && Object.keys(shown).length > 0 ? ` ${safeJson(shown)}` : "";
    const written = json
      ? `${safeJson({ time, level, service: "keel-mcp", msg: text, ...shown })}\n`
      : `${time} keel-mcp ${level} ${text}${suffix}\n`;
    const line = info ? written : redactArtifactText(written, literals);
    if (level !== "info") {
      flush();
      stream.write(line);
      return;
    }
    if (held === "") {
      holdUntilExit(flush);
      setImmediate(flush);
    }
    held += line;
  };
  return {
    info: (message, fields) => write("info", message, fields),
    warn: (message, fields) => write("warn", message, fields),
    error: (message, fields) => write("error", message, fields),
  };
}

/** Loggers holding lines; one `exit` listener for all of them writes what they still hold. */
const HOLDING = new Set<() => void>();
let exitListener = false;
function holdUntilExit(flush: () => void): void {
  HOLDING.add(flush);
  if (exitListener) return;
  exitListener = true;
  process.once("exit", () => {
    for (const pending of [...HOLDING]) pending();
  });
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

/** `redact` of each distinct string once, the newest 512 kept. */
function memoized(redact: (text: string) => string): (text: string) => string {
  const seen = new Map<string, string>();
  return (text) => {
    let redacted = seen.get(text);
    if (redacted === undefined) {
      redacted = redact(text);
      if (seen.size >= 512) seen.delete(seen.keys().next().value as string);
      seen.set(text, redacted);
    }
    return redacted;
  };
}

/** A trace id as the server logs it: 32 hex digits, which no secret shape matches. */
const TRACE_ID = /^[0-9a-f]{32}$/;

/** Fields with every string redacted (an error by its message); numbers, booleans and trace ids as they are. */
function redactFields(
  fields: Readonly<Record<string, unknown>> | undefined,
  redact: (text: string) => string,
): Record<string, unknown> | undefined {
  if (fields === undefined) return undefined;
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string") shown[key] = TRACE_ID.test(value) ? value : redact(value);
    else if (value instanceof Error) shown[key] = redact(value.message);
    else if (value === null || typeof value !== "object") shown[key] = value;
    else shown[key] = JSON.parse(redact(safeJson(value as Record<string, unknown>)));
  }
  return shown;
}
