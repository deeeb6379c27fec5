import { describe, expect, it } from "vitest";
import { KeelMcpConfigError } from "../config-error.js";
import { authenticate, tokenTable } from "./auth.js";

const AGENT = "agent-token-0123456789abcdef";
const READER = "reader-token-0123456789abcdef";
const table = tokenTable({ agentToken: AGENT, readonlyToken: READER });

describe("bearer authentication", () => {
  it("maps each token to its role", () => {
    expect(authenticate(`Bearer ${AGENT}`, table)).toEqual({ ok: true, role: "agent" });
    expect(authenticate(`bearer ${READER}`, table)).toEqual({ ok: true, role: "readonly" });
  });

  it("tells a missing token from a wrong one", () => {
    expect(authenticate(undefined, table)).toEqual({ ok: false, reason: "missing" });
    expect(authenticate(`Basic ${AGENT}`, table)).toEqual({ ok: false, reason: "missing" });
    expect(authenticate(`Bearer ${AGENT.slice(0, -1)}`, table)).toEqual({ ok: false, reason: "invalid" });
    expect(authenticate(`Bearer ${AGENT} extra`, table)).toEqual({ ok: false, reason: "missing" });
  });

  it("refuses a short token and never repeats it in the message", () => {
    const error = (() => {
      try {
        tokenTable({ agentToken: "changeme" });
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(KeelMcpConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).not.toContain("changeme");
  });

  it("refuses the same token for both roles", () => {
    expect(() => tokenTable({ agentToken: AGENT, readonlyToken: AGENT })).toThrow(/ambiguous/);
  });

  it("treats an empty variable as no token", () => {
    expect(tokenTable({ agentToken: "", readonlyToken: undefined }).entries).toEqual([]);
  });
});
