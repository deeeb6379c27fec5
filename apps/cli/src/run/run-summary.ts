import type { RunResult, RunStatus } from "@keel/loop";
import type { Style } from "../terminal/style.js";
import { formatTokens, plural } from "../trace/format-steps.js";
import { escalationsOf } from "./run-json.js";

const WHY: Record<Exclude<RunStatus, "completed">, string> = {
  max_iterations: "the tool rounds ran out (raise --max-iterations?)",
  truncated: "the model hit max_tokens before it finished",
  refused: "the model refused to answer",
  context_window_exceeded:
    "the conversation no longer fits the model's context window (--compact or --clear-tool-uses keep it shorter)",
  max_pause_turns: "the server tools paused the turn more often than --max-pause-turns allows",
  awaiting_approval: "a call waits for a person's approval (resume it with the run's snapshot)",
  unknown_stop_reason: "the model stopped for a reason this version of Keel does not know (see stop details)",
  aborted: "the run was interrupted",
  model_error: "the model could not be reached or answered wrongly",
};

const OVER_BUDGET =
  "the next request would pass --max-input-tokens, the budget you set (not the model's context window): " +
  "add --compact or --clear-tool-uses, or raise --max-input-tokens";

/** The library's option names in a message, as the flags that set them on `keel run`. */
const FLAGS: readonly (readonly [string, string])[] = [
  ["context.maxInputTokens", "--max-input-tokens"],
  ["context.clearToolUses", "--clear-tool-uses"],
  ["context.compact", "--compact"],
];
const inFlags = (message: string): string =>
  FLAGS.reduce((text, [option, flag]) => text.replaceAll(option, flag), message);

/** The closing lines for people: status, counts, tokens, escalations, and why a run did not complete. */
export function runSummary(result: RunResult, style: Style): string {
  const completed = result.status === "completed";
  const mark = completed ? style.green("✔") : style.red("✘");
  const status = completed ? style.green(result.status) : style.red(result.status);
  const rounds = plural(result.iterations, "tool round");
  const requests = plural(result.modelRequests, "model request");
  const lines = [
    ``,
    `${mark} ${style.bold(status)} · ${rounds} · ${requests} · ${(result.durationMs / 1000).toFixed(2)} s`,
  ];
  lines.push(style.dim(`  tokens ${formatTokens(result.usage)}`));
  const overBudget = result.error?.limit === "maxInputTokens";
  if (!completed) lines.push(style.red(`  ${overBudget ? OVER_BUDGET : WHY[result.status]}`));
  if (result.error) lines.push(style.red(`  ${result.error.kind}: ${inFlags(result.error.message)}`));
  for (const escalation of escalationsOf(result)) {
    const from = escalation.redirectedFrom ? ` ← redirected from ${escalation.redirectedFrom} by a hook` : "";
    lines.push(
      `  ${style.yellow("escalated")} ticket ${style.bold(escalation.ticketId ?? "?")} (${escalation.category ?? "?"}, ${escalation.status ?? "?"})${from}`,
    );
  }
  return `${lines.join("\n")}\n`;
}
