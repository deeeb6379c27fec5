import type { ApiErrorType } from "@keel/wire/internal";
import { TestkitConfigError } from "./config-error.js";
import type { MessagesRequest } from "./wire.js";

/** Answer with an HTTP error instead of a message (429, 529, 500, ...). The script entry is not used up. */
export interface HttpFault {
  type: "http";
  status: number;
  /** Defaults from the status: 429 rate_limit_error, 529 overloaded_error, 500 api_error, ... */
  errorType?: ApiErrorType;
  message?: string;
  /** Sent as `retry-after` (seconds). A 429 without any retry-after option sends `retry-after: 1`. */
  retryAfterSeconds?: number;
  /** Sent as `retry-after-ms`, which the SDK prefers, plus `retry-after` rounded up to seconds. */
  retryAfterMs?: number;
  /** Sent as `x-should-retry: true|false`, which overrides the SDK's own retry decision. */
  shouldRetry?: boolean;
}

/** Stream normally, then send an SSE `event: error` right after the `count`-th content_block_delta. */
export interface ErrorAfterDeltasFault {
  type: "error-after-deltas";
  count: number;
  /** Defaults to `overloaded_error`. */
  errorType?: ApiErrorType;
  message?: string;
}

/** Write `count` SSE events, then close the socket without ending the response. 0: close before any byte. */
export interface ResetAfterEventsFault {
  type: "reset-after-events";
  count: number;
}

/** Slow streaming for this request only; replaces the server's `streaming` delays. */
export interface SlowFault {
  type: "slow";
  eventDelayMs?: number;
  blockDelayMs?: number | readonly number[];
}

/**
 * Cut the response off at `max_tokens`: the last tool_use block (else the last text block) is truncated,
 * later blocks are dropped, `stop_reason` is `max_tokens` and `output_tokens` equals the request's max_tokens.
 */
export interface MaxTokensFault {
  type: "max-tokens";
  /** Characters of the tool input JSON that are streamed before the cut; defaults to half of it. */
  inputChars?: number;
}

export type Fault = HttpFault | ErrorAfterDeltasFault | ResetAfterEventsFault | SlowFault | MaxTokensFault;

/** One fault or several for one request (e.g. slow and reset); `null`/`undefined` means none. */
export type FaultSpec = Fault | readonly Fault[] | null | undefined;

/**
 * Faults by request index (0-based, counting every `POST /v1/messages` the server received): an object or
 * array indexed by request, or a function of the index and the (validated) request.
 */
export type FaultPlan =
  | Readonly<Record<number, FaultSpec>>
  | readonly FaultSpec[]
  | ((index: number, request: MessagesRequest) => FaultSpec);

/** The faults of one request, at most one of each kind. */
export interface ResolvedFaults {
  list: readonly Fault[];
  http?: HttpFault;
  errorAfterDeltas?: ErrorAfterDeltasFault;
  resetAfterEvents?: ResetAfterEventsFault;
  slow?: SlowFault;
  maxTokens?: MaxTokensFault;
}

const NONE: ResolvedFaults = { list: [] };

export function faultsFor(
  plan: FaultPlan | undefined,
  index: number,
  request: MessagesRequest,
): ResolvedFaults {
  if (plan === undefined) return NONE;
  const spec = typeof plan === "function" ? plan(index, request) : (plan as Record<number, FaultSpec>)[index];
  return resolveFaults(spec, `faults[${index}]`);
}

/** Checks every statically declared fault up front, so a typo fails at start, not mid-test. */
export function checkFaultPlan(plan: FaultPlan | undefined): void {
  if (plan === undefined || typeof plan === "function") return;
  if (typeof plan !== "object" || plan === null)
    throw new TestkitConfigError("`faults` must be an object, array or function.");
  for (const [key, spec] of Object.entries(plan)) {
    if (!/^\d+$/.test(key)) throw new TestkitConfigError(`faults: "${key}" is not a request index.`);
    resolveFaults(spec, `faults[${key}]`);
  }
}

export function resolveFaults(spec: FaultSpec, where: string): ResolvedFaults {
  if (spec === null || spec === undefined) return NONE;
  const list: readonly Fault[] = Array.isArray(spec) ? spec : [spec as Fault];
  const resolved: ResolvedFaults = { list };
  for (const fault of list) {
    const key = FAULT_KEYS[fault?.type];
    if (key === undefined) {
      throw new TestkitConfigError(
        `${where}: unknown fault type ${JSON.stringify(fault?.type)}; expected one of ${Object.keys(FAULT_KEYS).join(", ")}.`,
      );
    }
    if (resolved[key] !== undefined)
      throw new TestkitConfigError(`${where}: two "${fault.type}" faults for one request.`);
    checkFault(fault, where);
    Object.assign(resolved, { [key]: fault });
  }
  return resolved;
}

const FAULT_KEYS: Record<string, Exclude<keyof ResolvedFaults, "list">> = {
  http: "http",
  "error-after-deltas": "errorAfterDeltas",
  "reset-after-events": "resetAfterEvents",
  slow: "slow",
  "max-tokens": "maxTokens",
};

function checkFault(fault: Fault, where: string): void {
  const count = (name: string, value: unknown, optional = false): void => {
    if (optional && value === undefined) return;
    if (!Number.isInteger(value) || (value as number) < 0) {
      throw new TestkitConfigError(`${where}: "${fault.type}" needs ${name} as a non-negative integer.`);
    }
  };
  switch (fault.type) {
    case "http":
      if (!Number.isInteger(fault.status) || fault.status < 400 || fault.status > 599) {
        throw new TestkitConfigError(`${where}: an "http" fault needs a status from 400 to 599.`);
      }
      count("retryAfterMs", fault.retryAfterMs, true);
      if (fault.retryAfterSeconds !== undefined && !(fault.retryAfterSeconds >= 0)) {
        throw new TestkitConfigError(`${where}: retryAfterSeconds must be a non-negative number.`);
      }
      return;
    case "error-after-deltas":
    case "reset-after-events":
      count("count", fault.count);
      return;
    case "slow":
      checkDelay("eventDelayMs", fault.eventDelayMs, where);
      checkDelay("blockDelayMs", fault.blockDelayMs, where);
      return;
    case "max-tokens":
      count("inputChars", fault.inputChars, true);
  }
}

/** Delays are non-negative milliseconds; `blockDelayMs` may also be an array (one delay per block). */
export function checkDelay(name: string, value: unknown, where: string): void {
  const valid = (delay: unknown): boolean => Number.isFinite(delay) && (delay as number) >= 0;
  if (
    value === undefined ||
    valid(value) ||
    (name === "blockDelayMs" && Array.isArray(value) && value.every(valid))
  ) {
    return;
  }
  throw new TestkitConfigError(`${where}: ${name} must be a non-negative number of milliseconds.`);
}
