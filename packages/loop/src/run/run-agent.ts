import { continueRun } from "./run-loop.js";
import type { RunOptions } from "./run-options.js";
import { resolveRunOptions } from "./run-options-schema.js";
import type { RunResult } from "./run-result.js";
import { RunState } from "./run-state.js";

/**
 * Runs the agent loop until a terminal stop reason, the round cap (`maxIterations`), an abort or a model
 * failure, and returns a RunResult with exactly one status. Only invalid options throw (RunOptionsError);
 * model and tool misbehaviour becomes a status, an outcome or a trace event.
 */
export async function runAgent(options: RunOptions): Promise<RunResult> {
  return continueRun(await RunState.start(resolveRunOptions(options)), { checkpoint: true });
}
