import type { TraceEvent } from "@keel/loop";
import type { RetryEvent } from "@keel/loop/internal";
import type { Style } from "../terminal/style.js";
import {
  compactJson,
  contextLine,
  contextSettingsText,
  formatTokens,
  INDENT,
  ignoredLine,
  indentText,
  modelRetryLine,
  plural,
  responseLine,
  retryLine,
  toolCallLines,
} from "./format-steps.js";
import type { LoadedTrace } from "./trace-file.js";
import { retriesByCall, roundUsage, type TokenRow, traceRounds } from "./trace-rounds.js";

function stepLines(step: TraceEvent, style: Style, retries: ReadonlyMap<string, RetryEvent[]>): string[] {
  switch (step.type) {
    case "tool_call":
      return toolCallLines(step, style, retries.get(step.id));
    case "retry":
      return retries.has(step.id) ? [] : [retryLine(step, style)];
    case "model_retry":
      return [modelRetryLine(step, style)];
    case "tool_use_ignored":
      return [ignoredLine(step, style)];
    case "eager_discarded":
      return [style.dim(`${INDENT}dropped the early start of ${step.name} (${step.reason})`)];
    default:
      return [style.dim(`${INDENT}${compactJson(step)}`)];
  }
}

const pad = (text: string, width: number) => text.padStart(width);

/** The token table: one row per model request, then the total. */
export function tokenTable(rows: readonly TokenRow[], style: Style): string {
  const header = ["round", "input", "output", "cache write", "cache read"];
  const cells = rows.map(({ round, usage }) => [
    round,
    ...[
      usage.input_tokens,
      usage.output_tokens,
      usage.cache_creation_input_tokens,
      usage.cache_read_input_tokens,
    ].map((value) => (typeof value === "number" ? value : 0).toLocaleString("en-US")),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: readonly string[]) =>
    `  ${row.map((cell, column) => pad(cell, widths[column] ?? 0)).join("  ")}`;
  return [style.bold(line(header)), ...cells.map(line)].join("\n");
}

/** A saved trace, step by step for people: request → model → tool → hook decision → outcome, tokens per round. */
export function renderTraceText(trace: LoadedTrace, style: Style): string {
  const view = traceRounds(trace.events);
  const { start, rounds, end, unknown } = view;
  const lines: string[] = [];
  const about = [
    start ? `${start.model} via ${start.client}` : undefined,
    trace.mode ?? undefined,
    trace.scenario ? `scenario ${trace.scenario}` : undefined,
    start ? `run ${start.runId}` : undefined,
    start?.startedAt ? `started ${start.startedAt}` : undefined,
  ].filter(Boolean);
  lines.push(`${style.bold("Trace")}${about.length > 0 ? ` · ${about.join(" · ")}` : ""}`);
  if (start)
    lines.push(
      style.dim(
        `tools: ${start.tools.join(", ") || "none"} · max ${plural(start.maxIterations, "tool round")} · prompt cache ${start.cache ? "on" : "off"}`,
      ),
    );
  const settings = start ? contextSettingsText(start) : undefined;
  if (settings !== undefined) lines.push(style.dim(`context: ${settings}`));
  if (trace.request !== null) lines.push("", `${style.bold("request")} ${trace.request}`);
  lines.push("");
  for (const round of rounds) {
    const label = `${style.bold(`[${round.index}]`)} ${style.blue(round.final ? "final" : "model")} `;
    const size = round.request
      ? style.dim(
          ` (${plural(round.request.messages, "message")}, ${(round.request.bytes / 1024).toFixed(1)} kB sent)`,
        )
      : "";
    if (round.response) {
      const text = round.response.text;
      lines.push(`${label}${text ? indentText(text) : style.dim("(no text saved)")}${size}`);
      lines.push(responseLine(round.response, style));
      lines.push(...contextLine(round.response, style));
    } else {
      lines.push(`${label}${style.red("no response")}${size}`);
    }
    const retries = retriesByCall(round.steps);
    for (const step of round.steps) lines.push(...stepLines(step, style, retries));
  }
  for (const event of unknown) lines.push(style.dim(`${INDENT}${compactJson(event)}`));
  lines.push("");
  const status = end?.status ?? trace.status;
  if (status) {
    const mark = status === "completed" ? style.green(`✔ ${status}`) : style.red(`✘ ${status}`);
    const counts = end
      ? ` · ${plural(end.iterations, "tool round")} · ${plural(end.modelRequests, "model request")}`
      : "";
    lines.push(`${style.bold(mark)}${counts}`);
  }
  if (trace.error) lines.push(style.red(`  ${trace.error.kind}: ${trace.error.message}`));
  // Saved traces show the answer as the last round's text; a bare event list has only the file's `text`.
  if (trace.text && !rounds.some((round) => round.response?.text))
    lines.push(`${style.bold("answer")}  ${indentText(trace.text)}`);
  const usage = roundUsage(view);
  if (usage.rows.length > 0) {
    lines.push(
      "",
      style.bold("Tokens per round"),
      tokenTable([...usage.rows, { round: "total", usage: usage.total }], style),
    );
    lines.push(style.dim(`  total ${formatTokens(usage.run.usage, usage.run.compaction)}`));
  }
  return `${lines.join("\n")}\n`;
}
