import { describe, expect, it } from "vitest";
import { tokenTable } from "./auth.js";
import { checkListenPolicy, hostOfHeader, isLoopbackHost } from "./listen-policy.js";

describe("the listen policy", () => {
  it("knows loopback addresses", () => {
    for (const host of ["127.0.0.1", "127.8.9.10", "localhost", "::1", "[::1]", "::ffff:127.0.0.1"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "192.168.1.2", "example.com", "128.0.0.1"]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it("refuses a public address without a token and allows it with one", () => {
    expect(() => checkListenPolicy("0.0.0.0", tokenTable({}))).toThrow(/Refusing to listen on 0.0.0.0/);
    expect(() =>
      checkListenPolicy("0.0.0.0", tokenTable({ agentToken: "a-long-enough-token-123" })),
    ).not.toThrow();
    expect(() => checkListenPolicy("127.0.0.1", tokenTable({}))).not.toThrow();
  });

  it("reads the host name out of a Host header", () => {
    expect(hostOfHeader("127.0.0.1:8787")).toBe("127.0.0.1");
    expect(hostOfHeader("[::1]:8787")).toBe("::1");
    expect(hostOfHeader("localhost")).toBe("localhost");
    expect(hostOfHeader(undefined)).toBe("");
  });
});
