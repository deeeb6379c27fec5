import type { ToolContext } from "@keel/tools";
import { PropagationConfigError } from "./propagation-config-error.js";

/** The ToolContext.metadata key under which a run announces its budget to the subagent tools it calls. */
const BUDGET_METADATA_KEY = "dev.keel/budget";

/**
 * What a run announces: its own round cap (`maxIterations`) and, optionally, the deadline everything must
 * meet.
 */
export interface BudgetAnnouncement {
  readonly maxIterations: number;
  /** Epoch milliseconds. */
  readonly deadline?: number;
}

/**
 * The `runAgent` metadata entry that lets subagent tools inherit this run's budget; spread it into
 * `metadata` next to your own values. Give the same `maxIterations` as the run itself.
 */
export function budgetMetadata(budget: BudgetAnnouncement): Readonly<Record<string, unknown>> {
  const { maxIterations, deadline } = budget ?? {};
  if (!Number.isInteger(maxIterations) || maxIterations < 1) {
    throw new PropagationConfigError(
      `budgetMetadata: maxIterations must be an integer >= 1, got ${maxIterations}.`,
    );
  }
  if (deadline !== undefined && !Number.isFinite(deadline)) {
    throw new PropagationConfigError("budgetMetadata: deadline must be epoch milliseconds.");
  }
  return { [BUDGET_METADATA_KEY]: deadline === undefined ? { maxIterations } : { maxIterations, deadline } };
}

/** The parent's remaining budget as seen from one tool call; no announcement means no limit. */
export function inheritedBudget(context: ToolContext): { iterationsLeft: number; deadline?: number } {
  const announced = context.metadata[BUDGET_METADATA_KEY] as Partial<BudgetAnnouncement> | undefined;
  const maxIterations = announced?.maxIterations;
  // context.iteration is the 1-based tool round that made this call; it counts as still available.
  const iterationsLeft =
    typeof maxIterations === "number"
      ? Math.max(1, maxIterations - context.iteration + 1)
      : Number.POSITIVE_INFINITY;
  const deadline = announced?.deadline;
  return typeof deadline === "number" ? { iterationsLeft, deadline } : { iterationsLeft };
}

/** A child's signal: aborts when the parent's does or when the deadline passes, whichever comes first. */
export interface ChildSignal {
  readonly signal: AbortSignal;
  /** True once the deadline (not the parent) is what aborted the child. */
  readonly deadlinePassed: () => boolean;
  readonly dispose: () => void;
}

export function childSignal(
  parent: AbortSignal,
  deadline: number | undefined,
  now: () => number,
): ChildSignal {
  const controller = new AbortController();
  let deadlinePassed = false;
  const onParentAbort = (): void => controller.abort(parent.reason);
  parent.addEventListener("abort", onParentAbort, { once: true });
  if (parent.aborted) onParentAbort();
  const timer =
    deadline === undefined
      ? undefined
      : setTimeout(
          () => {
            if (controller.signal.aborted) return;
            deadlinePassed = true;
            controller.abort(new Error("The subagent's inherited deadline passed."));
          },
          Math.max(0, deadline - now()),
        );
  return {
    signal: controller.signal,
    deadlinePassed: () => deadlinePassed,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      parent.removeEventListener("abort", onParentAbort);
    },
  };
}
