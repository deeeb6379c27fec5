import { describe, expectTypeOf, it } from "vitest";
import { connectMcpServers } from "./connect-all.js";
import { connectMcpServer } from "./connection.js";

// Checked by the type-check (pnpm typecheck, under exactOptionalPropertyTypes), not at run time.
const timeout = process.env.KEEL_TYPES_TEST === undefined ? undefined : Number(process.env.KEEL_TYPES_TEST);

describe("optional connection options accept undefined (exactOptionalPropertyTypes)", () => {
  it("takes values that may be missing for connectMcpServer and connectMcpServers", () => {
    const options = {
      timeoutMs: timeout,
      connectTimeoutMs: timeout,
      prefix: undefined,
      include: undefined,
      changedTools: undefined,
      honoursIdempotencyKey: undefined,
      onEvent: undefined,
      onElicit: undefined,
      signal: undefined,
    };
    expectTypeOf(connectMcpServer).toBeCallableWith({
      name: "desk",
      server: { type: "stdio", command: "keel-mcp" },
      ...options,
    });
    expectTypeOf(connectMcpServers).toBeCallableWith({}, options);
  });
});
