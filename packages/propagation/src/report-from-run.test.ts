import { describe, expect, it } from "vitest";
import { call, errorOutcome, fakeRun } from "./fakes.test-helpers.js";
import { PropagationConfigError } from "./propagation-config-error.js";
import { reportFromRun } from "./report-from-run.js";
import { outcomeFromReport } from "./report-outcome.js";
import type { SubagentRun } from "./types.js";

const success = (data: unknown) => ({ kind: "success", isError: false, data }) as const;

describe("reportFromRun", () => {
  it("reports a completed run whose tools succeeded as succeeded, with their object data merged", () => {
    const run = fakeRun([
      call("get_customer_by_id", success({ customer_id: "C-1", status: "active" })),
      call("resolve_cap_basis", success({ resolved_basis: 1200 })),
    ]);
    expect(reportFromRun("fees", run)).toEqual({
      agent: "fees",
      status: "succeeded",
      text: "Done.",
      data: { customer_id: "C-1", status: "active", resolved_basis: 1200 },
    });
  });

  it("reports the unrepaired tool error with its category, code, retryable, tool and the agent as path", () => {
    const outage = errorOutcome("transient", "FEE_SERVICE_UNREACHABLE", { retryAfterMs: 500 });
    const report = reportFromRun("fees", fakeRun([call("resolve_cap_basis", outage)]));
    expect(report).toMatchObject({
      status: "failed",
      failure: {
        category: "transient",
        code: "FEE_SERVICE_UNREACHABLE",
        retryable: true,
        retryAfterMs: 500,
        tool: "resolve_cap_basis",
        path: ["fees"],
      },
    });
  });

  it("is failed when the child answered confidently after an unrepaired error", () => {
    const run = fakeRun([call("resolve_cap_basis", errorOutcome("transient", "FEE_SERVICE_UNREACHABLE"))], {
      text: "There are no fees, so the exposure is $0.",
    });
    expect(reportFromRun("fees", run).status).toBe("failed");
  });

  it("treats a later success of the same tool as repairing an earlier transient error", () => {
    const run = fakeRun([
      call("resolve_cap_basis", errorOutcome("transient", "FEE_SERVICE_UNREACHABLE")),
      call("resolve_cap_basis", success({ resolved_basis: 40 })),
    ]);
    expect(reportFromRun("fees", run).status).toBe("succeeded");
  });

  it("does not let a success of another tool repair a business error", () => {
    const run = fakeRun([
      call("process_refund", errorOutcome("business", "ALREADY_REFUNDED")),
      call("lookup_order", success({ order_id: "ORD-1" })),
    ]);
    expect(reportFromRun("refunds", run)).toMatchObject({
      status: "failed",
      failure: { code: "ALREADY_REFUNDED", tool: "process_refund" },
    });
  });

  it("treats a validation error as repaired by any later non-error call", () => {
    const run = fakeRun([
      call("get_customer", errorOutcome("validation", "UNKNOWN_TOOL"), null),
      call("get_customer_by_email", success({ customer_id: "C-1" })),
    ]);
    expect(reportFromRun("accounts", run).status).toBe("succeeded");
  });

  it("names the requested tool when nothing ran, e.g. a call blocked by a hook", () => {
    const blocked = errorOutcome("permission", "REFUND_FORBIDDEN");
    const report = reportFromRun("refunds", fakeRun([call("process_refund", blocked, null)]));
    expect(report.status === "failed" && report.failure.tool).toBe("process_refund");
  });

  it("reports a run that ended on a valid empty as empty, with its code and data", () => {
    const noFees = {
      kind: "empty",
      isError: false,
      code: "NO_FEES_ON_RECORD",
      message: "No fees.",
      data: { resolved_basis: 0 },
    } as const;
    expect(reportFromRun("fees", fakeRun([call("resolve_cap_basis", noFees)]))).toEqual({
      agent: "fees",
      status: "empty",
      text: "Done.",
      empty: { code: "NO_FEES_ON_RECORD", message: "No fees." },
      data: { resolved_basis: 0 },
    });
  });

  it.each([
    ["max_iterations", "unclassified", "SUBAGENT_MAX_ITERATIONS", false],
    ["truncated", "unclassified", "SUBAGENT_TRUNCATED", false],
    ["refused", "permission", "SUBAGENT_REFUSED", false],
    ["context_window_exceeded", "unclassified", "SUBAGENT_CONTEXT_WINDOW_EXCEEDED", false],
    ["aborted", "transient", "SUBAGENT_ABORTED", true],
  ] as const)("maps a %s run to %s %s", (status, category, code, retryable) => {
    const report = reportFromRun("child", fakeRun([], { status }));
    expect(report).toMatchObject({
      status: "failed",
      failure: { category, code, retryable, tool: null, path: ["child"] },
    });
  });

  it("maps a retryable model error to transient SUBAGENT_MODEL_ERROR and keeps retryAfterMs", () => {
    const run = fakeRun([], {
      status: "model_error",
      text: "",
      error: { message: "overloaded", retryable: true, retryAfterMs: 2000 },
    });
    expect(reportFromRun("child", run)).toMatchObject({
      failure: { category: "transient", code: "SUBAGENT_MODEL_ERROR", retryable: true, retryAfterMs: 2000 },
    });
  });

  it("maps a non-retryable model error to unclassified SUBAGENT_MODEL_ERROR", () => {
    const run = fakeRun([], {
      status: "model_error",
      text: "",
      error: { message: "bad key", retryable: false },
    });
    expect(reportFromRun("child", run)).toMatchObject({
      failure: { category: "unclassified", code: "SUBAGENT_MODEL_ERROR", retryable: false },
    });
  });

  it("prefers the unrepaired tool error over the run's cap, since it says why", () => {
    const run = fakeRun([call("lookup_order", errorOutcome("transient", "ORDERS_DB_UNREACHABLE"))], {
      status: "max_iterations",
    });
    expect(reportFromRun("orders", run)).toMatchObject({ failure: { code: "ORDERS_DB_UNREACHABLE" } });
  });

  it("reports an aborted run as aborted even when a tool had failed", () => {
    const run = fakeRun([call("lookup_order", errorOutcome("transient", "ORDERS_DB_UNREACHABLE"))], {
      status: "aborted",
    });
    expect(reportFromRun("orders", run)).toMatchObject({ failure: { code: "SUBAGENT_ABORTED" } });
  });

  it("unwraps a nested subagent's report so its data reaches the next level", () => {
    const inner = reportFromRun("fees", fakeRun([call("resolve_cap_basis", success({ resolved_basis: 7 }))]));
    const outer = reportFromRun("billing", fakeRun([call("ask_fees", outcomeFromReport(inner))]));
    expect(outer.data).toEqual({ resolved_basis: 7 });
  });

  it("keeps the data JSON-safe: dates become strings and undefined fields vanish", () => {
    const run = fakeRun([call("lookup_order", success({ at: new Date(0), note: undefined }))]);
    expect(reportFromRun("orders", run).data).toEqual({ at: "1970-01-01T00:00:00.000Z" });
  });

  it("uses the data selector when one is given", () => {
    const report = reportFromRun("orders", fakeRun([]), {
      data: (run: SubagentRun) => ({ answer: run.text }),
    });
    expect(report.data).toEqual({ answer: "Done." });
  });

  it("throws PropagationConfigError for an empty agent name", () => {
    expect(() => reportFromRun("", fakeRun([]))).toThrow(PropagationConfigError);
  });
});
