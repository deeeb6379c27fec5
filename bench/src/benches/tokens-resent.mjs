import { runTask } from "../lib/child.mjs";
import { markdownTable, num } from "../lib/format.mjs";
import { SUPPORT_ROUNDS } from "../lib/support-session.mjs";

const WORKER = new URL("../workers/tokens-worker.mjs", import.meta.url);
const VARIANTS = [
  { id: "plain", trimming: false, cache: false, label: "no trimming hooks, no `cache_control`" },
  { id: "trimmed", trimming: true, cache: false, label: "support trimming post-hooks" },
  { id: "cached", trimming: false, cache: true, label: "Keel's `cache_control` breakpoints" },
  {
    id: "trimmed-cached",
    trimming: true,
    cache: true,
    label: "**trimming + breakpoints (Keel's defaults for the support agent)**",
  },
];

/**
 * Bench 6: tokens re-sent over a 10-round support session, from the testkit's usage accounting.
 * Deterministic, so one run per variant.
 * @param {import("../lib/labels.mjs").BenchContext} context
 * @returns {Promise<import("../lib/labels.mjs").Section>}
 */
export async function tokensResentBench(context) {
  const server = await context.server();
  context.progress("bench 6: four support sessions");
  const { variants } = await runTask(
    WORKER,
    { bench: "6", baseURL: server.url, variants: VARIANTS },
    context.smoke,
  );
  /** @type {Record<string, number>} */
  const numbers = {};
  const rows = variants.map((/** @type {any} */ variant) => {
    const totals = variant.perRequest.reduce(
      (/** @type {any} */ sum, /** @type {any} */ usage) => ({
        input: sum.input + usage.input,
        cacheRead: sum.cacheRead + usage.cacheRead,
        cacheWrite: sum.cacheWrite + usage.cacheWrite,
      }),
      { input: 0, cacheRead: 0, cacheWrite: 0 },
    );
    const total = totals.input + totals.cacheRead + totals.cacheWrite;
    numbers[`${variant.id}.total`] = total;
    numbers[`${variant.id}.cacheRead`] = totals.cacheRead;
    return { ...variant, ...totals, total, label: VARIANTS.find((entry) => entry.id === variant.id)?.label };
  });
  const plain = rows[0];
  const table = markdownTable(
    [
      "session",
      "requests",
      "bytes sent",
      "input tokens, cumulative",
      "vs no trimming",
      "cache reads",
      "cache writes",
      "uncached input",
      "share that would be cache reads",
    ],
    rows.map((/** @type {any} */ row) => [
      row.label,
      String(row.perRequest.length),
      num(row.bytes),
      num(row.total),
      `${num((100 * (row.total - plain.total)) / plain.total, 1)}%`,
      num(row.cacheRead),
      num(row.cacheWrite),
      num(row.input),
      `${num((100 * row.cacheRead) / row.total, 1)}%`,
    ]),
  );
  const trimmed = rows.find((/** @type {any} */ row) => row.id === "trimmed");
  const both = rows.find((/** @type {any} */ row) => row.id === "trimmed-cached");
  const toolNames = Object.keys(plain.toolResultChars);
  const toolTable = markdownTable(
    ["tool", "tool_result characters in the history, no hooks", "with the trimming post-hooks"],
    toolNames.map((name) => [
      `\`${name}\``,
      num(plain.toolResultChars[name]),
      num(trimmed.toolResultChars[name]),
    ]),
  );
  return {
    id: "6",
    title: "6. Tokens re-sent",
    body: [
      `A ${SUPPORT_ROUNDS}-round support session (the support agent's six tools, business pre-hooks, and one verbose read tool, \`get_order_history\`, ` +
        "that returns raw store rows: every column, addresses, long internal notes), run by `runAgent` against the testkit, whose usage numbers are deterministic: " +
        "input = request body bytes / 4, and a request reads from the cache the longest prefix an earlier request marked with a breakpoint. " +
        "Cumulative input = input + cache reads + cache writes over every request. The trimming post-hooks are the support agent's: " +
        "`normalizeDates`, `trimKeys({ max: 10 })`, `capText({ maxChars: 4000 })`.",
      table,
      "Where the trimming saves: the support tools already return compact views, so it is the raw-rows tool that the hooks cut.",
      toolTable,
    ],
    checks: [
      {
        target: "trimming post-hooks re-send fewer input tokens",
        measured: `${num(trimmed.total)} vs ${num(plain.total)} tokens (${num((100 * (trimmed.total - plain.total)) / plain.total, 1)}%)`,
        pass: trimmed.total < plain.total,
      },
      {
        target: "with Keel's breakpoints most re-sent input would be cache reads",
        measured: `${num((100 * both.cacheRead) / both.total, 1)}% cache reads`,
        pass: both.cacheRead / both.total > 0.5,
      },
    ],
    charts: [
      {
        title: `6. Support session, ${SUPPORT_ROUNDS} rounds — input tokens not read from the cache (input + cache writes)`,
        unit: "tokens",
        bars: rows.map((/** @type {any} */ row) => ({
          label: row.id,
          value: row.input + row.cacheWrite,
          keel: row.id === "trimmed-cached",
        })),
      },
    ],
    numbers,
  };
}
