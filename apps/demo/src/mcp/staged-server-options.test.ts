import { DEFAULT_TOOL_RETRY } from "@keel/tool-call/internal";
import { describe, expect, it } from "vitest";
import { parseStagedServerArguments } from "./staged-server-options.js";

describe("parseStagedServerArguments", () => {
  it("queues faults in the order given, each for every attempt of one call, and keeps the refund roles", () => {
    expect(
      parseStagedServerArguments([
        "--fault",
        "getOrder=timeout",
        "--fault",
        "getOrder=unreachable",
        "--refund-role",
        "supervisor",
      ]),
    ).toEqual({
      faults: [
        { operation: "getOrder", kind: "timeout", times: DEFAULT_TOOL_RETRY.maxAttempts },
        { operation: "getOrder", kind: "unreachable", times: DEFAULT_TOOL_RETRY.maxAttempts },
      ],
      refundRoles: ["supervisor"],
    });
  });

  it("keeps the support desk's default refund roles when none is given", () => {
    expect(parseStagedServerArguments([])).toEqual({ faults: [] });
  });

  it("refuses an unknown operation or fault kind, naming the accepted ones", () => {
    expect(() => parseStagedServerArguments(["--fault", "getOrders=timeout"])).toThrow(
      /OPERATION one of .*getOrder/,
    );
    expect(() => parseStagedServerArguments(["--fault", "getOrder=slow"])).toThrow(
      /KIND one of timeout, unreachable/,
    );
  });
});
