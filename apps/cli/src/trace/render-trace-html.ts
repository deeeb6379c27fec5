import type { RunUsage, TraceEvent } from "@keel/loop";
import type { RetryEvent } from "@keel/loop/internal";
import type { Usage } from "@keel/wire";
import { billedParts, type CompactionTokens, type TokenCounts } from "./billed-tokens.js";
import { contextSettingsText, contextText, plural } from "./format-steps.js";
import type { LoadedTrace } from "./trace-file.js";
import { retriesByCall, roundUsage, traceRounds } from "./trace-rounds.js";

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A count as people read it; a field missing from a trace written by something else reads as 0. */
const number = (value: number | undefined) => (typeof value === "number" ? value : 0).toLocaleString("en-US");
const json = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2) ?? String(value));

/** The billed counts, each with the compaction steps' part when the API compacted (see `formatTokens`). */
function tokens(usage: Usage | RunUsage, compaction: CompactionTokens | undefined): string {
  const parts = billedParts(usage, compaction);
  const cell = (label: string, field: keyof TokenCounts) => {
    const { billed, compaction: steps } = parts[field];
    return `${label} <strong>${number(billed)}</strong>${steps > 0 ? ` (${number(steps)} compaction)` : ""}`;
  };
  return `<span class="tokens">${[
    cell("in", "input_tokens"),
    cell("out", "output_tokens"),
    cell("cache write", "cache_creation_input_tokens"),
    cell("cache read", "cache_read_input_tokens"),
  ].join(" · ")}</span>`;
}

function retryItem(event: RetryEvent): string {
  return `<li class="step retry">retry <code>${escapeHtml(event.tool)}</code> after ${escapeHtml(event.code)}: attempt ${event.attempt} in ${event.delayMs} ms</li>`;
}

function step(event: TraceEvent, retries: ReadonlyMap<string, RetryEvent[]>): string {
  switch (event.type) {
    case "tool_call": {
      const retried = retries.get(event.id) ?? [];
      const decision = event.decision ?? "invalid";
      const by = event.hook ? ` by ${escapeHtml(event.hook)}` : "";
      const target =
        event.decision === "redirect" && event.executed
          ? ` → <code>${escapeHtml(event.executed)}</code>`
          : "";
      const outcome = event.isError
        ? `<span class="outcome error">error ${escapeHtml(`${event.category}/${event.code}`)}</span>`
        : event.code
          ? `<span class="outcome empty">empty ${escapeHtml(event.code)}</span>`
          : `<span class="outcome ok">success</span>`;
      const attempts = `${plural(event.attempts, "attempt")}, ${Math.round(event.durationMs)} ms${event.reused ? ", reused" : ""}`;
      return (
        `<li class="step tool"><div><span class="label">tool</span> <code>${escapeHtml(event.requested)}</code></div>` +
        `<pre>${json(event.input)}</pre>` +
        `<div><span class="label">hook</span> <span class="decision ${escapeHtml(decision)}">${escapeHtml(decision)}${by}</span>${target}</div>` +
        (retried.length > 0 ? `<ul class="steps">${retried.map(retryItem).join("")}</ul>` : "") +
        `<div><span class="label">outcome</span> ${outcome} <span class="muted">(${attempts})</span></div>` +
        (event.preview ? `<pre class="preview">${escapeHtml(event.preview)}</pre>` : "") +
        "</li>"
      );
    }
    case "retry":
      return retries.has(event.id) ? "" : retryItem(event);
    case "model_retry":
      return `<li class="step retry">model retry ${event.attempt} in ${Math.round(event.delayMs)} ms: ${escapeHtml(event.reason)}</li>`;
    case "tool_use_ignored":
      return `<li class="step muted">not run: <code>${escapeHtml(event.name)}</code> (${escapeHtml(event.reason)})</li>`;
    default:
      return `<li class="step muted"><pre>${json(event)}</pre></li>`;
  }
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f6f7f9;color:#1d232b}
main{max-width:960px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px}
.meta,.muted{color:#66707c}
.request{background:#fff;border-left:4px solid #3b6fd8;padding:12px 16px;border-radius:6px;white-space:pre-wrap}
ol.timeline{list-style:none;padding:0;margin:24px 0;border-left:2px solid #cfd5dd}
li.round{position:relative;margin:0 0 20px 22px;background:#fff;border-radius:8px;padding:12px 16px;box-shadow:0 1px 2px #0001}
li.round::before{content:attr(data-index);position:absolute;left:-36px;top:12px;width:26px;height:26px;border-radius:50%;background:#3b6fd8;color:#fff;font-size:13px;text-align:center;line-height:26px}
li.round.final::before{background:#7a4fd1}
.head{font-weight:600}
.text{white-space:pre-wrap;margin:6px 0}
.context{color:#7a3e9d;margin:4px 0}
ul.steps{list-style:none;padding:0;margin:8px 0 0}
li.step{border-top:1px solid #eef0f3;padding:8px 0}
.label{display:inline-block;min-width:64px;color:#66707c;font-size:13px}
pre{background:#f2f4f7;padding:8px;border-radius:4px;overflow-x:auto;margin:4px 0;font-size:13px}
.tokens{font-size:13px;color:#434c57}
.decision.allow,.outcome.ok{color:#1d7a3a}
.decision.redirect,.decision.rewrite,.decision.hold,.outcome.empty,.retry{color:#a4660b}
.decision.block,.decision.invalid,.outcome.error,.failed{color:#b42318}
table{border-collapse:collapse;background:#fff;margin-top:8px}
td,th{padding:4px 12px;text-align:right;border-bottom:1px solid #eef0f3}
th:first-child,td:first-child{text-align:left}
`;

/**
 * A saved trace as one self-contained HTML page: inline CSS, no script, no external asset; every value from
 * the trace is HTML-escaped, so a tool result or model text can never inject markup.
 */
export function renderTraceHtml(trace: LoadedTrace): string {
  const view = traceRounds(trace.events);
  const { start, rounds, end } = view;
  const status = end?.status ?? trace.status ?? "unknown";
  const about = [
    start ? `${start.model} via ${start.client}` : null,
    trace.mode,
    trace.scenario ? `scenario ${trace.scenario}` : null,
    start ? `run ${start.runId}` : null,
    start?.startedAt ? `started ${start.startedAt}` : null,
  ].filter((part): part is string => Boolean(part));
  const settings = start ? contextSettingsText(start) : undefined;
  const items = rounds.map((round) => {
    const response = round.response;
    const head = response
      ? `${round.final ? "final answer" : "model"} · stop ${escapeHtml(response.stopReason ?? "none")} · ${Math.round(response.durationMs)} ms`
      : `${round.final ? "final answer" : "model"} · <span class="failed">no response</span>`;
    const text = response?.text ? `<div class="text">${escapeHtml(response.text)}</div>` : "";
    const usage = response ? `<div>${tokens(response.usage, response.context?.compaction)}</div>` : "";
    const edits = contextText(response?.context);
    const context = edits === undefined ? "" : `<div class="context">context ${escapeHtml(edits)}</div>`;
    const retries = retriesByCall(round.steps);
    const steps =
      round.steps.length > 0
        ? `<ul class="steps">${round.steps.map((event) => step(event, retries)).join("")}</ul>`
        : "";
    return `<li class="round${round.final ? " final" : ""}" data-index="${round.index}"><div class="head">${head}</div>${text}${usage}${context}${steps}</li>`;
  });
  const usage = roundUsage(view);
  const row = (label: string, value: TokenCounts) =>
    `<tr><td>${escapeHtml(label)}</td><td>${number(value.input_tokens)}</td><td>${number(value.output_tokens)}</td><td>${number(value.cache_creation_input_tokens)}</td><td>${number(value.cache_read_input_tokens)}</td></tr>`;
  const table =
    usage.rows.length === 0
      ? ""
      : `<h2>Tokens per round</h2><table><tr><th>round</th><th>input</th><th>output</th><th>cache write</th><th>cache read</th></tr>${usage.rows
          .map((entry) => row(entry.round, entry.usage))
          .join(
            "",
          )}${row("total", usage.total)}</table><p class="total">total ${tokens(usage.run.usage, usage.run.compaction)}</p>`;
  const error = trace.error
    ? `<p class="failed">${escapeHtml(`${trace.error.kind}: ${trace.error.message}`)}</p>`
    : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Keel trace · ${escapeHtml(status)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Keel trace · <span class="${status === "completed" ? "" : "failed"}">${escapeHtml(status)}</span></h1>
<p class="meta">${escapeHtml(about.join(" · "))}${end ? ` · ${plural(end.iterations, "tool round")} · ${plural(end.modelRequests, "model request")}` : ""}</p>
${settings === undefined ? "" : `<p class="meta settings">context: ${escapeHtml(settings)}</p>`}
${trace.request === null ? "" : `<div class="request">${escapeHtml(trace.request)}</div>`}
<ol class="timeline">
${items.join("\n")}
</ol>
${error}
${table}
</main>
</body>
</html>
`;
}
