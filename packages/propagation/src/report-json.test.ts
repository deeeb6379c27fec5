import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reportArbitrary } from "./arbitraries.test-helpers.js";
import { coordinatorPolicy } from "./coordinator-policy.js";
import { parseReport, toJson } from "./report-json.js";
import type { SubagentReport } from "./types.js";

const failed: SubagentReport = {
  agent: "fees",
  status: "failed",
  text: "",
  failure: {
    category: "transient",
    code: "FEE_SERVICE_UNREACHABLE",
    retryable: true,
    message: "The fee service is unreachable.",
    tool: "resolve_cap_basis",
    path: ["fees"],
  },
};

function rejection(input: unknown) {
  const parsed = parseReport(input);
  if (parsed.ok) throw new Error("expected a rejection");
  return parsed.error;
}

describe("toJson and parseReport", () => {
  it("drops a __proto__ key in report data instead of letting it set a prototype", () => {
    const parsed = parseReport(
      '{"agent":"a","text":"","status":"succeeded","data":{"__proto__":{"polluted":true},"kept":1}}',
    );
    expect(parsed.ok).toBe(true);
    const data = parsed.ok ? (parsed.report.data as Record<string, unknown>) : {};
    expect(data.kept).toBe(1);
    expect((data as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("round-trip every report unchanged", () => {
    fc.assert(
      fc.property(reportArbitrary, (report) => {
        expect(parseReport(toJson(report))).toEqual({ ok: true, report });
      }),
    );
  });

  it("accept an already-parsed value as well as JSON text", () => {
    expect(parseReport(JSON.parse(toJson(failed)))).toEqual({ ok: true, report: failed });
  });

  it.each([
    ["text that is not JSON", "it failed"],
    ["a JSON string", JSON.stringify("it failed")],
    ["null", null],
    ["an unknown status", { agent: "fees", status: "ok", text: "" }],
    ["a failure without its category", { ...failed, failure: { ...failed.failure, category: undefined } }],
    ["an unknown category", { ...failed, failure: { ...failed.failure, category: "fatal" } }],
    ["a success that also carries a failure", { ...failed, status: "succeeded" }],
    ["a failure path that does not end with the agent", { ...failed, agent: "billing" }],
    ["an empty path", { ...failed, failure: { ...failed.failure, path: [] } }],
    ["data that is not JSON", { agent: "fees", status: "succeeded", text: "", data: { at: new Date(0) } }],
  ])("reject %s with an unclassified MALFORMED_SUBAGENT_REPORT", (_label, input) => {
    expect(rejection(input)).toMatchObject({
      kind: "error",
      category: "unclassified",
      code: "MALFORMED_SUBAGENT_REPORT",
      retryable: false,
    });
  });

  it("name the offending field in the rejection", () => {
    const error = rejection({ ...failed, failure: { ...failed.failure, retryable: "yes" } });
    expect(error.details).toMatchObject({ reason: expect.stringContaining("failure.retryable") });
  });

  it("make the coordinator escalate on a malformed report, never answer", () => {
    const error = rejection('{"agent":"fees","status":"succeeded"}');
    expect(coordinatorPolicy(error, { attempt: 1, maxAttempts: 3 })).toBe("escalate");
  });
});
