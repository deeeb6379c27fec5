import { describe, expect, it } from "vitest";
import { CLI_ROOT, onlyJson, runCli } from "../cli.test-helpers.js";
import { readCorpus } from "./corpus.js";
import { offlineRoute } from "./offline-route.js";
import { type Surface, surfaceTools } from "./surfaces.js";

/** Every request of the eval-routing corpora (the one gated in CI and its holdout). */
const toolNames = new Set(surfaceTools("real").map((tool) => tool.name));
const requests = (
  await Promise.all(
    ["support-routing.jsonl", "support-routing.holdout.jsonl"].map((file) =>
      readCorpus(`${CLI_ROOT}corpus/${file}`, toolNames, file),
    ),
  )
).flatMap((entries) => entries.map((entry) => entry.request));

const cases: { surface: Surface; flags: string[] }[] = [
  { surface: "real", flags: [] },
  { surface: "naive", flags: ["--naive"] },
];

describe.each(cases)("keel route over the $surface surface", ({ surface, flags }) => {
  it("answers every corpus request as the router does over the built tools (its fast path builds none)", async () => {
    expect(requests.length).toBeGreaterThan(100);
    const tools = surfaceTools(surface);
    for (const request of requests) {
      const { code, stdout } = await runCli(["route", request, ...flags, "--json"]);
      expect(code).toBe(0);
      expect(onlyJson(stdout), request).toEqual(offlineRoute(request, tools));
    }
  });
});
