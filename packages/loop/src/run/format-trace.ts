import type { ResponseEvent, ToolCallEvent, TraceEvent } from "./trace-events.js";
import type { RunUsage } from "./usage.js";
import { addUsage, EMPTY_USAGE } from "./usage.js";

const clip = (text: string, length: number): string =>
  text.length <= length ? text : `${text.slice(0, length - 1)}…`;
const json = (value: unknown): string => clip(JSON.stringify(value) ?? String(value), 80);
const tokens = (usage: RunUsage): string =>
  `in ${usage.input_tokens} out ${usage.output_tokens}` +
  ` cache write ${usage.cache_creation_input_tokens} read ${usage.cache_read_input_tokens}`;
const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;
const size = (bytes: number): string => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`);

/** The compaction steps' tokens, billed apart from the totals (the message steps'), when the API compacted. */
function compactionNote(usage: RunUsage): string {
  const context = usage.context_management;
  if (context === undefined || context.compactions === 0) return "";
  const { input_tokens, output_tokens } = context.compaction;
  return ` + ${plural(context.compactions, "compaction step")} in ${input_tokens} out ${output_tokens}`;
}

function toolCall(event: ToolCallEvent): string {
  const decided = event.decision === null ? "invalid" : event.decision;
  const hook = event.hook === undefined ? "" : ` by ${event.hook}`;
  const target = event.executed !== null && event.executed !== event.requested ? ` → ${event.executed}` : "";
  const result = event.isError
    ? `error ${event.category}/${event.code}`
    : event.code
      ? `empty ${event.code}`
      : "ok";
  const notes = [
    plural(event.attempts, "attempt"),
    `${Math.round(event.durationMs)} ms`,
    ...(event.reused ? ["reused"] : []),
    ...(event.eager ? ["eager"] : []),
  ];
  return `  tool ${event.requested} ${json(event.input)} · ${decided}${hook}${target} · ${result} (${notes.join(", ")})`;
}

function line(event: TraceEvent): string {
  switch (event.type) {
    case "run_start":
      return `run ${event.runId}${event.startedAt ? ` · started ${event.startedAt}` : ""} · ${event.model} via ${event.client} · tools: ${event.tools.join(", ") || "none"}`;
    case "request":
      return `→ request ${event.index}${event.final ? " (final answer, tool_choice none)" : ""} · ${plural(event.messages, "message")} · ${size(event.bytes)}`;
    case "response": {
      const usage = tokens(addUsage(EMPTY_USAGE, event.usage));
      return `← response ${event.index} · ${event.stopReason} · ${event.toolUses} tool_use · ${usage}${contextNote(event.context)} · ${Math.round(event.durationMs)} ms`;
    }
    case "tool_call":
      return toolCall(event);
    case "retry":
      return `  retry ${event.tool} (${event.code}) · attempt ${event.attempt} after ${event.delayMs} ms`;
    case "model_retry":
      return `  model retry ${event.attempt} after ${event.delayMs} ms · ${event.reason}`;
    case "tool_use_ignored":
      return `  not run: ${event.name} (${event.reason === "final_request" ? "final request" : `stop_reason ${event.stopReason}`})`;
    case "tools_changed":
      return event.error === undefined
        ? `  tools changed: ${[...event.added.map((name) => `+${name}`), ...event.removed.map((name) => `-${name}`)].join(" ") || "(definitions)"}`
        : `  tools not changed: ${event.error}`;
    case "eager_discarded":
      return `  dropped early start of ${event.name} (${event.reason})`;
    case "end":
      return `end ${event.status} · ${plural(event.iterations, "tool round")} · ${plural(event.modelRequests, "request")} · ${tokens(event.usage)}${compactionNote(event.usage)}`;
  }
}

/** The server's context edits of one response, e.g. " · cleared 3 tool uses (1200 tokens) · compacted (in 900 out 120)". */
function contextNote(context: ResponseEvent["context"]): string {
  if (context === undefined) return "";
  const notes: string[] = [];
  if (
    context.cleared_tool_uses > 0 ||
    context.cleared_thinking_turns > 0 ||
    context.cleared_input_tokens > 0
  ) {
    const what = [
      ...(context.cleared_tool_uses > 0 ? [plural(context.cleared_tool_uses, "tool use")] : []),
      ...(context.cleared_thinking_turns > 0
        ? [plural(context.cleared_thinking_turns, "thinking turn")]
        : []),
    ];
    notes.push(`cleared ${what.join(", ") || "context"} (${context.cleared_input_tokens} tokens)`);
  }
  if (context.compacted) {
    notes.push(`compacted (in ${context.compaction.input_tokens} out ${context.compaction.output_tokens})`);
  }
  return notes.map((note) => ` · ${note}`).join("");
}

/** A readable, one-line-per-event rendering of a trace (for terminals and logs; the events stay the data). */
export function formatTrace(trace: readonly TraceEvent[]): string {
  return trace.map(line).join("\n");
}
