import { type ReceivedSpan, startOtlpReceiver } from "@keel/testkit";
import { describe, expect, it } from "vitest";
import { onlyJson, runCli, runOnRepositoryMcpConfig } from "../cli.test-helpers.js";

const named = (spans: readonly ReceivedSpan[], name: string) => spans.find((span) => span.name === name);

describe("keel run with OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("exports the run's spans over OTLP/HTTP; keel-mcp's tools/call spans join the same trace", async () => {
    const receiver = await startOtlpReceiver();
    try {
      const result = await runOnRepositoryMcpConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
      expect(result.code, result.stderr).toBe(0);
      expect(onlyJson(result.stdout).status).toBe("completed");
      const spans = await receiver.waitFor((received) =>
        received.some((span) => span.service === "keel-mcp" && span.name === "tools/call escalate_to_human"),
      );
      const agent = named(spans, "invoke_agent keel-support");
      expect(agent).toMatchObject({ service: "keel", parentSpanId: undefined });
      expect(agent?.attributes["keel.run.status"]).toBe("completed");
      // Every span of the run, client and server, is in the agent's trace.
      expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([agent!.traceId]));
      expect(spans.some((span) => span.name.startsWith("chat "))).toBe(true);

      // The $750 refund: redirected here (the hook runs in the CLI), executed by the server.
      const refund = named(spans, "execute_tool process_refund");
      expect(refund?.attributes).toMatchObject({
        "keel.hook.decision": "redirect",
        "keel.redirect.executed_tool": "escalate_to_human",
      });
      const served = named(spans, "tools/call escalate_to_human");
      expect(served).toMatchObject({ service: "keel-mcp", kind: 2, parentSpanId: refund!.spanId });
      expect(served?.attributes).toMatchObject({
        "mcp.method.name": "tools/call",
        "keel.outcome.kind": "success",
      });
      // The server's lookups hang under the loop's execute_tool spans the same way.
      const lookup = named(spans, "tools/call lookup_order");
      expect(lookup?.parentSpanId).toBe(named(spans, "execute_tool lookup_order")?.spanId);
    } finally {
      await receiver.close();
    }
  }, 150_000);

  it("an endpoint that is not a URL is reported once; the run goes on untraced", async () => {
    const result = await runCli(["run", "--scenario", "low-value-refund", "--json"], {
      env: { PATH: process.env.PATH, OTEL_EXPORTER_OTLP_ENDPOINT: "not a url" },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("is not a URL");
  });
});
