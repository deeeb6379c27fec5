import { KeelConfigError } from "@keel/errors";
import type { BackendOperation, FaultKind, StoreFailure } from "./types.js";

/** A fault staged on a backend: the next `times` (default 1) calls of `operation` fail with `kind`. */
export interface StagedFault {
  readonly operation: BackendOperation;
  readonly kind: FaultKind;
  readonly times?: number | undefined;
}

/** Stage failures on a backend: the next call of an operation fails, or a seeded share of all calls do. */
export interface FaultController {
  /** The next call of `operation` fails with `kind` (queued: stage several for several calls). */
  next(operation: BackendOperation, kind: FaultKind): void;
  /** Queues every fault in order, each `times` over: what scenarios, the CLI and the demo stage before a run. */
  stage(faults: readonly StagedFault[]): void;
  /** Staged faults not yet consumed, for assertions. */
  pending(operation?: BackendOperation): number;
  /** Drops staged faults and sets the random rate to 0. */
  clear(): void;
}

/** Random faults for soak tests: deterministic for a given seed. */
export interface FaultOptions {
  /** Share of calls (0..1) that fail at random, half timeouts and half unreachable. Default 0. */
  readonly faultRate?: number | undefined;
  /** Seed of the deterministic generator used for random faults. Default 1. */
  readonly seed?: number | undefined;
  /** Overrides the seeded generator: returns numbers in [0, 1). */
  readonly random?: (() => number) | undefined;
}

/** The backends' side of a {@link FaultController}: which fault, if any, hits this call. */
export interface FaultSource extends FaultController {
  take(operation: BackendOperation): FaultKind | null;
}

/**
 * A deterministic generator of numbers in [0, 1) (mulberry32): tiny, fast and reproducible, enough for fault
 * injection and soak plans (not for secrets). The one seeded generator in Keel; the reliability suite uses it too.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fault rate the options ask for (0 when unset); throws KeelConfigError outside 0..1. */
export function checkFaultRate(options: FaultOptions): number {
  const rate = options.faultRate ?? 0;
  if (!(rate >= 0 && rate <= 1)) {
    throw new KeelConfigError(
      "INVALID_FAULT_RATE",
      `faultRate must be a number from 0 to 1, got ${String(rate)}.`,
    );
  }
  return rate;
}

/** Throws KeelConfigError for a `faultRate` outside 0..1. */
export function createFaultSource(options: FaultOptions = {}): FaultSource {
  let rate = checkFaultRate(options);
  const random = options.random ?? seededRandom(options.seed ?? 1);
  const staged = new Map<BackendOperation, FaultKind[]>();
  const next = (operation: BackendOperation, kind: FaultKind) => {
    const queue = staged.get(operation) ?? [];
    queue.push(kind);
    staged.set(operation, queue);
  };
  return {
    next,
    stage(faults) {
      for (const fault of faults)
        for (let time = 0; time < (fault.times ?? 1); time++) next(fault.operation, fault.kind);
    },
    pending(operation) {
      if (operation) return staged.get(operation)?.length ?? 0;
      let total = 0;
      for (const queue of staged.values()) total += queue.length;
      return total;
    },
    clear() {
      staged.clear();
      rate = 0;
    },
    take(operation) {
      const queued = staged.get(operation)?.shift();
      if (queued) return queued;
      if (rate > 0 && random() < rate) return random() < 0.5 ? "timeout" : "unreachable";
      return null;
    },
  };
}

/**
 * Runs one backend operation under the fault plan. `unreachable` never reaches the store; `timeout` on a
 * write lets the write happen and loses the answer, as a real timeout can — idempotency keys make the retry safe.
 */
export async function withFault<T>(
  faults: FaultSource,
  operation: BackendOperation,
  effect: "read" | "write",
  run: () => Promise<T>,
): Promise<T | StoreFailure> {
  const fault = faults.take(operation);
  if (fault === "unreachable") return { kind: "unreachable" };
  if (fault === "timeout") {
    if (effect === "write") await run();
    return { kind: "timeout" };
  }
  return run();
}
