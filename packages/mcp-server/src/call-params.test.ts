import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KeelHttpServer } from "./http.js";
import { startTestHttpServer } from "./testing/http-server.test-helpers.js";
import { probeToolset } from "./testing/probe-tools.test-helpers.js";

interface Reply {
  readonly id: number;
  readonly result?: { readonly structuredContent?: unknown };
  readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown };
}

async function send(url: string, params: unknown, id = 1): Promise<Reply> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params }),
  });
  return (await response.json()) as Reply;
}

describe("tools/call with malformed params, over HTTP", () => {
  let server: KeelHttpServer;
  beforeAll(async () => {
    server = await startTestHttpServer({ tools: probeToolset() });
  });
  afterAll(() => server.close());

  it.each([
    ["a string", "orderId=1", "a string"],
    ["an array", [1, 2], "an array"],
    ["null", null, "null"],
  ])(
    "answers arguments that are %s with -32602 Invalid params and a plain sentence",
    async (_label, args, got) => {
      const reply = await send(server.url, { name: "whoami", arguments: args });
      expect(reply.error?.code).toBe(-32602);
      expect(reply.error?.message).toContain(`"arguments" must be an object`);
      expect(reply.error?.message).toContain(`got ${got}`);
      expect(reply.error?.message).not.toMatch(/invalid_type|expected/);
      expect(reply).not.toHaveProperty("result");
    },
  );

  it("answers a missing or non-string name with -32602 too", async () => {
    for (const params of [{ arguments: {} }, { name: 7 }, {}]) {
      const reply = await send(server.url, params);
      expect(reply.error?.code).toBe(-32602);
      expect(reply.error?.message).not.toMatch(/invalid_type/);
    }
  });

  it("keeps serving: a good call after the bad ones gets its result", async () => {
    await send(server.url, { name: "whoami", arguments: "bad" }, 1);
    const reply = await send(server.url, { name: "whoami", arguments: {} }, 2);
    expect(reply).toMatchObject({ id: 2, result: { structuredContent: { role: "agent" } } });
  });
});
