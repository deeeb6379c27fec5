import type { HookContext } from "./types.js";

/** How a hook's wait ended early. */
export type Interruption = "timeout" | "aborted";

/**
 * The signal one hook call sees: it fires when the run aborts or the hook's own time limit passes.
 * Built only when the hook reads `context.signal` (linking two signals costs more than most hooks), and
 * then exactly as before: `AbortSignal.any` of the run's signal and the hook's timeout. The timer and the
 * abort listener exist only while the hook's promise is pending (`arm` … `disarm`).
 */
export class HookSignal {
  readonly #run: AbortSignal;
  #timeout: AbortController | undefined;
  #linked: AbortSignal | undefined;
  #timedOut = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #onRunAbort: (() => void) | undefined;

  constructor(run: AbortSignal) {
    this.#run = run;
  }

  /**
   * The caller's context with this hook's signal, created on first read. `signal` stays an own,
   * enumerable property (a getter), so a hook that spreads or forwards its context keeps the signal.
   */
  contextFor(context: HookContext): HookContext {
    const hookSignal = this;
    return {
      ...context,
      get signal() {
        return hookSignal.signal;
      },
    };
  }

  get signal(): AbortSignal {
    if (this.#linked === undefined) {
      this.#timeout = new AbortController();
      if (this.#timedOut) this.#timeout.abort();
      this.#linked = AbortSignal.any([this.#run, this.#timeout.signal]);
    }
    return this.#linked;
  }

  runAborted(): boolean {
    return this.#run.aborted;
  }

  /** Starts the time limit and listens for the run's abort; `interrupted` is called at most once. */
  arm(timeoutMs: number, interrupted: (reason: Interruption) => void): void {
    let reported = false;
    const once = (reason: Interruption) => {
      if (reported) return;
      reported = true;
      interrupted(reason);
    };
    if (this.#run.aborted) {
      once("aborted");
      return;
    }
    this.#onRunAbort = () => once("aborted");
    // Always removed by disarm(), so no `{ once: true }` (which costs more than the listener itself).
    this.#run.addEventListener("abort", this.#onRunAbort);
    this.#timer = setTimeout(() => {
      this.#timedOut = true;
      this.#timeout?.abort();
      once("timeout");
    }, timeoutMs);
  }

  disarm(): void {
    clearTimeout(this.#timer);
    if (this.#onRunAbort) this.#run.removeEventListener("abort", this.#onRunAbort);
  }
}
