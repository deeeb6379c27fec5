import { describe, expect, it } from "vitest";
import { readSizes } from "../sizes.js";
import { runLoad } from "./run-load.js";

const sizes = readSizes("small");

describe("the MCP server over HTTP under concurrent clients", () => {
  it("answers only with intended outcomes, stays healthy and keeps its memory bounded", async () => {
    const report = await runLoad({ clients: sizes.loadClients, seconds: sizes.loadSeconds, store: "memory" });
    expect(report.unintendedSamples).toEqual([]);
    expect(report.unintended).toBe(0);
    expect(report.requests).toBeGreaterThan(sizes.loadClients);
    expect(report.healthyAfter).toBe(true);
    const { before, after } = report.serverRssMiB;
    if (before !== undefined && after !== undefined) expect(after - before).toBeLessThan(256);
  });
});
