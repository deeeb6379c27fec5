import { resolve } from "node:path";
import { DEFAULT_MODEL } from "@keel/wire";
import { modeBanner } from "../mode.js";
import { type CorpusEntry, readCorpus } from "../routing/corpus.js";
import { evaluateRouting, type RoutedEntry } from "../routing/evaluate-routing.js";
import { chooseLiveClient, LIVE_OPTIONS } from "../routing/live-options.js";
import { liveRoute } from "../routing/live-route.js";
import { offlineRoute } from "../routing/offline-route.js";
import { renderEvaluation } from "../routing/render-evaluation.js";
import { readSurface, surfaceTools } from "../routing/surfaces.js";
import { plural } from "../trace/format-steps.js";
import { defineCommand, EXIT, readFraction, singlePositional } from "./command.js";

const HELP = `Measure how well tool descriptions route a corpus of requests.

Usage: keel eval-routing CORPUS.jsonl [--surface real|naive] [--live [--model MODEL]] [--min 0.9] [--json]

CORPUS.jsonl holds one { "request": "...", "expect": "<tool>" | null | "AMBIGUOUS" } per line (null: no
tool should be called, e.g. off-topic). Reports accuracy, a confusion table, how many requests came out
ambiguous, and unsafe misroutes: a read-only or off-topic request routed to a write tool
(process_refund, escalate_to_human). Offline by default (the deterministic router); with --live each request
goes to the model with tool_choice auto (a live model asks instead of answering "ambiguous", so no tool counts
as right for an AMBIGUOUS expectation).

Options:
  --surface real|naive  the support tools (default) or the naive getters of reference 002
  --live                route with the real model (needs ANTHROPIC_API_KEY)
  --model MODEL         the model for --live (default $ANTHROPIC_MODEL or ${DEFAULT_MODEL})
  --min SHARE           fail under this accuracy, from 0 to 1 (default 0: only unsafe misroutes fail)
  --json                print one JSON object with the figures and every result
  -h, --help            this help

Exit codes: 0 passed, 1 accuracy under --min or any unsafe misroute, 2 usage error (bad corpus line too).

Examples:
  keel eval-routing corpus/support-routing.jsonl
  keel eval-routing corpus/support-routing.jsonl --surface naive
  keel eval-routing corpus/support-routing.jsonl --min 0.9 --json | jq .accuracy
  keel eval-routing corpus/support-routing.jsonl --live --min 0.85
`;

const LIVE_CONCURRENCY = 4;

/** Runs `work` over the items, at most `limit` at once, keeping their order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const evalRoutingCommand = defineCommand({
  name: "eval-routing",
  help: HELP,
  options: {
    surface: { type: "string" },
    ...LIVE_OPTIONS,
    min: { type: "string" },
    json: { type: "boolean" },
  },
  async run({ values, positionals }, { io, env, style, spinner }) {
    const what = "corpus file (JSON Lines)";
    const corpusPath = singlePositional("eval-routing", positionals, what, true) ?? "";
    const surface = readSurface(values.surface);
    const min = values.min === undefined ? undefined : readFraction("--min", values.min);
    const tools = surfaceTools(surface);
    const known = [...surfaceTools("real"), ...surfaceTools("naive")];
    const effects = new Map<string, "read" | "write">();
    for (const tool of known) if (!effects.has(tool.name)) effects.set(tool.name, tool.effect);
    const entries = await readCorpus(resolve(io.cwd, corpusPath), new Set(effects.keys()), corpusPath);

    const live = await chooseLiveClient("eval-routing", values, env, io.stderr);
    let routed: RoutedEntry[];
    let router = "offline router";
    if (live) {
      router = `live ${live.model}`;
      io.stderr.write(
        modeBanner(
          "LIVE",
          `routing ${plural(entries.length, "request")} with ${live.model} at ${live.baseURL}`,
          style,
        ),
      );
      let done = 0;
      try {
        routed = await mapLimited(entries, LIVE_CONCURRENCY, async (entry: CorpusEntry) => {
          const answer = await liveRoute(entry.request, tools, live.client, live.model, io.signal);
          done++;
          if (!values.json) spinner.start(`routed ${done}/${entries.length} with ${live.model}…`);
          return { ...entry, answer };
        });
      } catch (error) {
        spinner.stop();
        io.stderr.write(`keel eval-routing: the model could not route a request: ${live.failure(error)}\n`);
        return EXIT.failed;
      }
      spinner.stop();
    } else {
      routed = entries.map((entry) => ({ ...entry, answer: offlineRoute(entry.request, tools) }));
    }

    const evaluation = evaluateRouting(routed, {
      effects,
      toolOrder: [...effects.keys()],
      ambiguousAcceptsNone: values.live === true,
    });
    const passed = evaluation.unsafeMisroutes === 0 && (min === undefined || evaluation.accuracy >= min);
    if (values.json) {
      const { results, ...figures } = evaluation;
      const report = { corpus: corpusPath, surface, router, min: min ?? null, passed, ...figures, results };
      io.stdout.write(`${JSON.stringify(report)}\n`);
    } else {
      io.stdout.write(
        renderEvaluation(evaluation, { corpus: corpusPath, surface, router, min, passed }, style),
      );
    }
    return passed ? EXIT.ok : EXIT.failed;
  },
});
