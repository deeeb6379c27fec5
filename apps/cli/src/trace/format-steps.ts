import type { RunUsage } from "@keel/loop";
import type {
  ModelRetryEvent,
  ResponseEvent,
  RetryEvent,
  RunStartEvent,
  ToolCallEvent,
  ToolUseIgnoredEvent,
} from "@keel/loop/internal";
import type { Usage } from "@keel/wire";
import type { Style } from "../terminal/style.js";
import { billedParts, type CompactionTokens, runCompaction } from "./billed-tokens.js";

/** Indent under a step label, so multi-line text lines up. */
export const INDENT = "      ";

const number = (value: number | null | undefined): string =>
  (typeof value === "number" ? value : 0).toLocaleString("en-US");

/**
 * "in 9,700 (9,000 compaction) · out 160 (120 compaction) · cache write 0 · cache read 0": the billed counts of
 * one request or a run, the compaction steps' part named (the API bills them apart from the message's usage).
 */
export function formatTokens(
  usage: Usage | RunUsage,
  compaction: CompactionTokens | undefined = "context_management" in usage
    ? runCompaction(usage as RunUsage)
    : undefined,
): string {
  const parts = billedParts(usage, compaction);
  const part = ({ billed, compaction: steps }: { billed: number; compaction: number }): string =>
    steps > 0 ? `${number(billed)} (${number(steps)} compaction)` : number(billed);
  return (
    `in ${part(parts.input_tokens)} · out ${part(parts.output_tokens)} · ` +
    `cache write ${part(parts.cache_creation_input_tokens)} · cache read ${part(parts.cache_read_input_tokens)}`
  );
}

/**
 * "1 tool round", "3 tool rounds", "0 entries" (with `many`): the one way the CLI counts things in its
 * output, so no line says "1 tool rounds" or "2 error(s)".
 */
export const plural = (count: number, noun: string, many = `${noun}s`): string =>
  `${(typeof count === "number" ? count : 0).toLocaleString("en-US")} ${count === 1 ? noun : many}`;

export const clip = (text: string, length: number): string =>
  text.length <= length ? text : `${text.slice(0, length - 1)}…`;

export const compactJson = (value: unknown, length = 120): string =>
  clip(JSON.stringify(value) ?? String(value), length);

/** Text indented to sit under a label: every line after the first gets INDENT. */
export const indentText = (text: string): string => text.replace(/\n/g, `\n${INDENT}`);

/** The line under a model response: why it stopped and what it cost, this request and so far. */
export function responseLine(event: ResponseEvent, style: Style): string {
  const stop = event.stopReason ?? "no stop_reason";
  const tools = event.toolUses > 0 ? ` · ${event.toolUses} tool_use` : "";
  return style.dim(
    `${INDENT}stop ${stop}${tools} · tokens ${formatTokens(event.usage, event.context?.compaction)} · ${Math.round(event.durationMs)} ms`,
  );
}

/**
 * What the API's context management did to one request, or undefined when nothing: "compacted (the compaction
 * step read 9,000 tokens, wrote 120) · cleared 3 tool uses, 1 thinking turn (1,200 tokens)".
 */
export function contextText(context: ResponseEvent["context"]): string | undefined {
  if (context === undefined) return undefined;
  const notes: string[] = [];
  if (context.compacted) {
    notes.push(
      `compacted (the compaction step read ${number(context.compaction.input_tokens)} tokens, wrote ${number(context.compaction.output_tokens)})`,
    );
  }
  const cleared = [
    ...(context.cleared_tool_uses > 0 ? [plural(context.cleared_tool_uses, "tool use")] : []),
    ...(context.cleared_thinking_turns > 0 ? [plural(context.cleared_thinking_turns, "thinking turn")] : []),
  ];
  if (cleared.length > 0 || context.cleared_input_tokens > 0) {
    notes.push(`cleared ${cleared.join(", ") || "context"} (${number(context.cleared_input_tokens)} tokens)`);
  }
  return notes.length === 0 ? undefined : notes.join(" · ");
}

const EDITS: Readonly<Record<string, string>> = {
  compact_20260112: "compact",
  clear_tool_uses_20250919: "clear tool uses",
  clear_thinking_20251015: "clear thinking",
};

/**
 * The run's context settings from its `run_start`, or undefined when it had none (or an older trace):
 * "compact at 60,000 input tokens · clear tool uses at the API's default · input budget 180,000 tokens".
 */
export function contextSettingsText(start: RunStartEvent): string | undefined {
  const settings = start.context;
  if (settings === undefined) return undefined;
  const parts = settings.edits.map((edit) => {
    const name = EDITS[edit.type] ?? edit.type;
    if (edit.trigger === null)
      return edit.type === "clear_thinking_20251015" ? name : `${name} at the API's default`;
    const unit =
      edit.trigger.type === "input_tokens" ? "input tokens" : edit.trigger.type.replaceAll("_", " ");
    return `${name} at ${number(edit.trigger.value)} ${unit}`;
  });
  if (settings.maxInputTokens !== null) parts.push(`input budget ${number(settings.maxInputTokens)} tokens`);
  return parts.join(" · ");
}

/** The context line under a response, when the API compacted or cleared its request. */
export function contextLine(event: ResponseEvent, style: Style): string[] {
  const text = contextText(event.context);
  return text === undefined ? [] : [style.magenta(`${INDENT}context ${text}`)];
}

/**
 * A tool_use block's steps: what was asked, what the hooks decided, the retries it took (they happen before
 * the call's event arrives, so they are shown in place here), what came back.
 */
export function toolCallLines(
  event: ToolCallEvent,
  style: Style,
  retries: readonly RetryEvent[] = [],
): string[] {
  const lines = [
    `${INDENT}${style.cyan("tool")}    ${style.bold(event.requested)} ${style.dim(compactJson(event.input))}`,
  ];
  lines.push(`${INDENT}${style.magenta("hook")}    ${decisionText(event, style)}`);
  for (const retry of retries) lines.push(retryLine(retry, style));
  const attempts = plural(event.attempts, "attempt");
  const notes = [attempts, `${Math.round(event.durationMs)} ms`, ...(event.reused ? ["reused"] : [])].join(
    ", ",
  );
  lines.push(`${INDENT}${outcomeLabel(event, style)} ${style.dim(`(${notes})`)}`);
  if (event.preview)
    lines.push(style.dim(`${INDENT}        ${clip(event.preview.replace(/\s+/g, " "), 110)}`));
  return lines;
}

function decisionText(event: ToolCallEvent, style: Style): string {
  const by = event.hook === undefined ? "" : ` by ${event.hook}`;
  switch (event.decision) {
    case "allow":
      return style.green("allow");
    case "redirect":
      return `${style.yellow(`redirect${by}`)} → ${style.bold(event.executed ?? "nothing")}`;
    case "rewrite":
      return style.yellow(`rewrite${by}`) + " (input changed)";
    case "block":
      return style.red(`block${by}`) + " (the tool did not run)";
    case "hold":
      return style.yellow(`hold${by}`) + " (waits for a person; the tool did not run)";
    case null:
      return style.red("invalid call") + " (rejected before the hooks; the tool did not run)";
  }
}

function outcomeLabel(event: ToolCallEvent, style: Style): string {
  if (event.isError) return `${style.red("error")}   ${style.red(`${event.category}/${event.code}`)}`;
  if (event.code)
    return `${style.yellow("empty")}   ${style.yellow(event.code)} (a real answer: nothing there)`;
  return `${style.green("ok")}      success`;
}

export function retryLine(event: RetryEvent, style: Style): string {
  return style.yellow(
    `${INDENT}retry   ${event.tool} after ${event.code}: attempt ${event.attempt} in ${event.delayMs} ms`,
  );
}

export function modelRetryLine(event: ModelRetryEvent, style: Style): string {
  return style.yellow(
    `${INDENT}model retry ${event.attempt} in ${Math.round(event.delayMs)} ms: ${event.reason}`,
  );
}

export function ignoredLine(event: ToolUseIgnoredEvent, style: Style): string {
  const why =
    event.reason === "final_request"
      ? "the final request allows no tools"
      : `stop_reason ${event.stopReason}`;
  return style.dim(`${INDENT}not run: ${event.name} (${why})`);
}
