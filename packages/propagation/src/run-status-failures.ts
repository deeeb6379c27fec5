import type { SubagentFailure, SubagentRun } from "./types.js";

/** A failure before it is placed: everything but the tool and path the hop adds. */
export type UnplacedFailure = Omit<SubagentFailure, "tool" | "path">;

/** The caller aborted the child; the work may be run again. */
export const ABORTED: UnplacedFailure = {
  category: "transient",
  code: "SUBAGENT_ABORTED",
  retryable: true,
  message:
    "The subagent was stopped before it finished because its caller aborted. Nothing it found is known.",
};

type FailedRunStatus = Exclude<SubagentRun["status"], "completed" | "model_error">;

/** How a run that ended without an answer reads to a coordinator. */
const RUN_STATUS_FAILURES: Readonly<Record<FailedRunStatus, UnplacedFailure>> = {
  max_iterations: {
    category: "unclassified",
    code: "SUBAGENT_MAX_ITERATIONS",
    retryable: false,
    message:
      "The subagent used all the rounds it was allowed without finishing; its last text is not a result. " +
      "Do not repeat the same request: narrow it or escalate.",
  },
  truncated: {
    category: "unclassified",
    code: "SUBAGENT_TRUNCATED",
    retryable: false,
    message:
      "The subagent's answer was cut off at the token limit, so it is incomplete. Narrow the request or escalate.",
  },
  refused: {
    category: "permission",
    code: "SUBAGENT_REFUSED",
    retryable: false,
    message: "The subagent's model declined the request. Do not retry it: escalate or change plan.",
  },
  context_window_exceeded: {
    category: "unclassified",
    code: "SUBAGENT_CONTEXT_WINDOW_EXCEEDED",
    retryable: false,
    message: "The subagent ran out of context window before answering. Narrow the request or escalate.",
  },
  max_pause_turns: {
    category: "transient",
    code: "SUBAGENT_MAX_PAUSE_TURNS",
    retryable: true,
    message:
      "The subagent's server tools kept pausing its turn past its limit; nothing final is known yet. " +
      "Running it again may finish, or raise its pause limit.",
  },
  awaiting_approval: {
    category: "permission",
    code: "SUBAGENT_AWAITING_APPROVAL",
    retryable: false,
    message:
      "The subagent paused: one of its calls waits for a person's approval, and nothing of that call ran. " +
      "Do not repeat the request; tell the user it is waiting for approval.",
  },
  unknown_stop_reason: {
    category: "unclassified",
    code: "SUBAGENT_UNKNOWN_STOP_REASON",
    retryable: false,
    message:
      "The subagent's model stopped for a reason this version does not know, so its text is not a checked " +
      "result. Do not repeat the request: escalate or read its stop details.",
  },
  aborted: ABORTED,
};

/** Used instead of SUBAGENT_ABORTED when the inherited deadline is what stopped the child. */
export const DEADLINE_EXCEEDED: UnplacedFailure = {
  category: "transient",
  code: "SUBAGENT_DEADLINE_EXCEEDED",
  retryable: true,
  message:
    "The subagent did not finish before the deadline it inherited, so its result is unknown. " +
    "Retry only if time remains; otherwise escalate. Never report the thing as missing.",
};

/** The failure a non-completed run stands for; `undefined` for a completed run. */
export function failureForRunStatus(run: SubagentRun): UnplacedFailure | undefined {
  if (run.status === "completed") return undefined;
  if (run.status !== "model_error") return RUN_STATUS_FAILURES[run.status];
  const retryable = run.error?.retryable ?? false;
  const retryAfterMs = run.error?.retryAfterMs;
  return {
    category: retryable ? "transient" : "unclassified",
    code: "SUBAGENT_MODEL_ERROR",
    retryable,
    message: retryable
      ? "The subagent's model could not be reached (a temporary failure). The same request may succeed later."
      : "The subagent's model call failed and retrying will not help. Tell the user or escalate.",
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
}
