import { NAIVE_ROUTING_CATALOG, SUPPORT_ROUTING_CATALOG } from "@keel/support-desk/routing";
import type { DescribedTool, Tool } from "@keel/tools";
import { DEFAULT_MODEL } from "@keel/wire";
import { modeBanner } from "../mode.js";
import { chooseLiveClient, LIVE_OPTIONS } from "../routing/live-options.js";
import type { RouteAnswer } from "../routing/live-route.js";
import { loadCatalog } from "../routing/load-catalog.js";
import { offlineRoute } from "../routing/offline-route.js";
import type { Surface } from "../routing/surfaces.js";
import type { Style } from "../terminal/style.js";
import { UsageError } from "../usage-error.js";
import { defineCommand, EXIT, QUOTE_REQUEST, singlePositional } from "./command.js";

const HELP = `Which support tool would handle a request?

Usage: keel route "<request>" [--naive | --catalog MODULE] [--live [--model MODEL]] [--json]

Offline (default) the deterministic router scores the tools' descriptions — no model, no key. With --live
the same descriptions go to the model with tool_choice auto (needs ANTHROPIC_API_KEY; ANTHROPIC_BASE_URL
honoured) and the tool it calls is reported. Either way the answer is { "tool", "ambiguous", "reason" }:
one tool, or the tools it could not tell apart, or neither (null, null).

Options:
  --naive          route over the naive surface ("Retrieves X information" getters) instead of the support tools
  --catalog MODULE route over your own tools: a JavaScript module (path or package) whose default or
                   "tools" export is an array of Keel tools or a toolset
  --live           ask the real model instead of the offline router
  --model MODEL    the model for --live (default $ANTHROPIC_MODEL or ${DEFAULT_MODEL})
  --json           print only { "tool", "ambiguous", "reason" }
  -h, --help       this help

Examples:
  keel route "check order #12345 status"
  keel route "check order #12345 status" --naive
  keel route "I want to talk to a manager" --json
  keel route "cancel my order" --catalog ./dist/tools.js
  keel route "Where is ORD-1005?" --live --model ${DEFAULT_MODEL}
`;

const ROUTING_CATALOGS: Readonly<Record<Surface, readonly DescribedTool[]>> = {
  real: SUPPORT_ROUTING_CATALOG,
  naive: NAIVE_ROUTING_CATALOG,
};

function render(answer: RouteAnswer, style: Style): string {
  const head = answer.tool
    ? style.green(style.bold(answer.tool))
    : answer.ambiguous
      ? style.yellow(style.bold(`AMBIGUOUS (${answer.ambiguous.join(", ")})`))
      : style.dim(style.bold("no tool"));
  return `${head}\n  ${style.dim(answer.reason)}\n`;
}

export const routeCommand = defineCommand({
  name: "route",
  help: HELP,
  options: {
    naive: { type: "boolean" },
    catalog: { type: "string" },
    ...LIVE_OPTIONS,
    json: { type: "boolean" },
  },
  async run({ values, positionals }, { io, env, style, spinner }) {
    const request = singlePositional("route", positionals, "request", true, QUOTE_REQUEST) ?? "";
    if (values.catalog !== undefined && values.naive)
      throw new UsageError("--naive and --catalog exclude each other: the naive surface or your tools.");
    const surface: Surface = values.naive ? "naive" : "real";
    const catalog = values.catalog === undefined ? undefined : await loadCatalog(values.catalog, io.cwd);
    const live = await chooseLiveClient("route", values, env, io.stderr);
    let answer: RouteAnswer;
    if (live) {
      // The model reads the tools' schemas too: build them (zod, the sample store) only for --live.
      const tools: readonly Tool[] =
        catalog ?? (await import("../routing/surfaces.js")).surfaceTools(surface);
      const { liveRoute } = await import("../routing/live-route.js");
      io.stderr.write(
        modeBanner("LIVE", `routing with ${live.model} at ${live.baseURL}, tool_choice auto`, style),
      );
      if (!values.json) spinner.start(`asking ${live.model}…`);
      try {
        answer = await liveRoute(request, tools, live.client, live.model, io.signal);
      } catch (error) {
        spinner.stop();
        io.stderr.write(`keel route: the model could not route the request: ${live.failure(error)}\n`);
        return EXIT.failed;
      }
      spinner.stop();
    } else {
      // The offline router reads names and descriptions only: the support catalog's come without its tools.
      answer = offlineRoute(request, catalog ?? ROUTING_CATALOGS[surface]);
    }
    const { tool, ambiguous, reason } = answer;
    io.stdout.write(values.json ? `${JSON.stringify({ tool, ambiguous, reason })}\n` : render(answer, style));
    return EXIT.ok;
  },
});
