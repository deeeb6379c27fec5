/**
 * W3C Trace Context in an MCP request's `_meta`, as the OpenTelemetry MCP conventions place it
 * (`_meta.traceparent`, `_meta.tracestate`): the client writes the calling span, the server parents its
 * `tools/call` span on it, so a run and the server's work are one trace. Plain strings, no OpenTelemetry
 * dependency: @keel/mcp-client and keel-mcp both read and write it here.
 */
export const TRACEPARENT_META_KEY = "traceparent";
export const TRACESTATE_META_KEY = "tracestate";

/** A span's identity as it crosses a process boundary. */
export interface TraceContext {
  /** 32 lowercase hex digits, not all zero. */
  readonly traceId: string;
  /** 16 lowercase hex digits, not all zero. */
  readonly spanId: string;
  /** The trace flags byte (bit 0: sampled). */
  readonly traceFlags: number;
  /** The `tracestate` header value, when there is one. */
  readonly traceState?: string | undefined;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const MAX_TRACESTATE = 512;

/** `00-{traceId}-{spanId}-{flags}`; undefined for a context that is not valid. */
export function formatTraceparent(context: TraceContext): string | undefined {
  if (!validIds(context.traceId, context.spanId)) return undefined;
  const flags = Number.isInteger(context.traceFlags) ? context.traceFlags & 0xff : 0;
  return `00-${context.traceId}-${context.spanId}-${flags.toString(16).padStart(2, "0")}`;
}

/**
 * The trace context of a request's `_meta`, or undefined when there is none or it is malformed (a bad
 * traceparent is ignored, as the W3C rules ask: the server then starts a new trace).
 */
export function traceContextFromMeta(meta: unknown): TraceContext | undefined {
  if (typeof meta !== "object" || meta === null) return undefined;
  const record = meta as Record<string, unknown>;
  const header = record[TRACEPARENT_META_KEY];
  if (typeof header !== "string") return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (match === null) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ];
  // Version ff is invalid; version 00 has nothing after the flags.
  if (version === "ff" || (version === "00" && rest !== undefined)) return undefined;
  if (!validIds(traceId, spanId)) return undefined;
  const state = record[TRACESTATE_META_KEY];
  const traceState =
    typeof state === "string" && state.length > 0 && state.length <= MAX_TRACESTATE ? state : undefined;
  return {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    ...(traceState === undefined ? {} : { traceState }),
  };
}

/** `_meta` fields carrying the context (none for an invalid one). */
export function traceContextMeta(context: TraceContext): Record<string, string> {
  const traceparent = formatTraceparent(context);
  if (traceparent === undefined) return {};
  const state = context.traceState;
  return state === undefined || state.length === 0 || state.length > MAX_TRACESTATE
    ? { [TRACEPARENT_META_KEY]: traceparent }
    : { [TRACEPARENT_META_KEY]: traceparent, [TRACESTATE_META_KEY]: state };
}

function validIds(traceId: string, spanId: string): boolean {
  return (
    /^[0-9a-f]{32}$/.test(traceId) &&
    !/^0+$/.test(traceId) &&
    /^[0-9a-f]{16}$/.test(spanId) &&
    !/^0+$/.test(spanId)
  );
}
