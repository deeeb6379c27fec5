import { writeFile } from "node:fs/promises";
import { isRecord } from "@keel/errors/internal";
import type { RunError, RunResult, TraceEvent } from "@keel/loop";
import { redactArtifact } from "@keel/secrets";
import { parseInputJson, parseInputJsonLines, readInputFile } from "../read-input-file.js";
import { UsageError } from "../usage-error.js";

/** A trace event as saved: response events also carry the text the model wrote in that response. */
export type SavedTraceEvent = TraceEvent & { readonly text?: string };

/** What `keel run --trace FILE` writes and `keel trace FILE` reads (a JSON object, pretty-printed). */
export interface TraceFile {
  readonly format: "keel-trace";
  readonly version: 1;
  readonly mode: string;
  readonly scenario: string | null;
  readonly request: string;
  readonly status: string;
  readonly text: string;
  readonly error?: RunError;
  readonly events: readonly SavedTraceEvent[];
}

export interface TraceRunInfo {
  readonly mode: string;
  readonly scenario: string | null;
  readonly request: string;
  /** The model's text per response, 1-based by request index. */
  readonly responseTexts: ReadonlyMap<number, string>;
}

/** The run's trace with each response's text folded in, ready to save. */
export function traceFileOf(result: RunResult, info: TraceRunInfo): TraceFile {
  const events = result.trace.map((event): SavedTraceEvent => {
    if (event.type !== "response") return event;
    const text = info.responseTexts.get(event.index);
    return text === undefined || text === "" ? event : { ...event, text };
  });
  return {
    format: "keel-trace",
    version: 1,
    mode: info.mode,
    scenario: info.scenario,
    request: info.request,
    status: result.status,
    text: result.text,
    ...(result.error === undefined ? {} : { error: result.error }),
    events,
  };
}

/**
 * Writes the trace redacted by `@keel/secrets`' artifact redaction — the one Keel's cassettes, spans and logs
 * use — so a key typed into a request or echoed in an answer never reaches the file. `literals` are secrets
 * known by value (the process's API key).
 */
export async function writeTraceFile(
  path: string,
  trace: TraceFile,
  literals: readonly string[] = [],
): Promise<void> {
  await writeFile(path, `${JSON.stringify(redactArtifact(trace, literals), null, 2)}\n`, "utf8");
}

/** A loaded trace: the run's description when the file has one, and the events. */
export interface LoadedTrace {
  readonly request: string | null;
  readonly mode: string | null;
  readonly scenario: string | null;
  readonly status: string | null;
  readonly text: string | null;
  readonly error: RunError | null;
  readonly events: readonly SavedTraceEvent[];
}

const stringOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * Reads a trace saved by `keel run --trace`, or any JSON array of trace events, an object with an
 * `events` array (a RunResult works), or JSON Lines of events. Throws a UsageError naming the problem;
 * `name` is the file as the user wrote it (the path by default).
 */
export async function readTraceFile(path: string, name = path): Promise<LoadedTrace> {
  return parseTrace(await readInputFile(path, name), name);
}

export function parseTrace(text: string, source: string): LoadedTrace {
  // A trace from elsewhere (an older keel, a RunResult saved by hand) is redacted as it is read, so neither
  // `keel trace` nor its HTML page shows a secret it holds.
  const value = redactArtifact(parseTraceText(text, source));
  const events = Array.isArray(value) ? value : isRecord(value) ? (value.trace ?? value.events) : undefined;
  if (!Array.isArray(events)) {
    throw new UsageError(
      `${source} is not a trace: expected the file "keel run --trace" writes, a JSON array of trace events or JSON Lines.`,
    );
  }
  for (const [index, event] of events.entries()) {
    if (!isRecord(event) || typeof event.type !== "string") {
      throw new UsageError(`${source} is not a trace: event ${index} has no "type".`);
    }
  }
  const meta = isRecord(value) ? value : {};
  return {
    request: stringOrNull(meta.request),
    mode: stringOrNull(meta.mode),
    scenario: stringOrNull(meta.scenario),
    status: stringOrNull(meta.status),
    text: stringOrNull(meta.text),
    error: isRecord(meta.error) ? (meta.error as unknown as RunError) : null,
    events: events as SavedTraceEvent[],
  };
}

/**
 * The text as one JSON value, else as JSON Lines when it looks like them (more than one line, the first a
 * value on its own); the error places the problem by line and column in the format the file is in.
 */
function parseTraceText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not one JSON value: JSON Lines, or a JSON file with a mistake (parseInputJson places it).
  }
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length > 1 && isJson(lines[0] ?? "")) {
    return parseInputJsonLines(text, source).map((line) => line.value);
  }
  return parseInputJson(text, source);
}

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
