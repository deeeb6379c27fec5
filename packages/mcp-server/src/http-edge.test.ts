import { request as httpRequest } from "node:http";
import { success } from "@keel/errors";
import { createToolset, defineTool } from "@keel/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonDepth, repeatedBatchId } from "./http/origin-policy.js";
import type { KeelHttpServer } from "./http.js";
import { startTestHttpServer } from "./testing/http-server.test-helpers.js";

const TOKEN = "edge-test-agent-token-0123456789";
let runs = 0;
const tools = createToolset([
  defineTool({
    name: "record_note",
    description: "Records a note.",
    input: z.object({ note: z.string() }),
    effect: "write",
    handler: () => {
      runs += 1;
      return success({ recorded: true });
    },
  }),
]);
const call = (id: number, meta?: unknown) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "record_note", arguments: { note: "hi" }, ...(meta === undefined ? {} : { _meta: meta }) },
});

/** node:http, so Host and Origin are sent exactly as given (fetch would set its own). */
function post(url: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("the Streamable HTTP edge", () => {
  let withToken: KeelHttpServer;
  let tokenless: KeelHttpServer;
  beforeAll(async () => {
    withToken = await startTestHttpServer({
      tools,
      agentToken: TOKEN,
      allowedOrigins: ["https://app.example.com"],
    });
    tokenless = await startTestHttpServer({ tools });
  });
  afterAll(async () => {
    await Promise.all([withToken.close(), tokenless.close()]);
  });
  const auth = { authorization: `Bearer ${TOKEN}` };

  it("refuses a foreign Origin with 403, in token mode and without a token, and runs nothing", async () => {
    runs = 0;
    const body = JSON.stringify(call(1));
    expect((await post(withToken.url, body, { ...auth, origin: "https://evil.example" })).status).toBe(403);
    expect((await post(tokenless.url, body, { origin: "http://rebind.evil.example" })).status).toBe(403);
    expect(runs).toBe(0);
  });

  it("accepts no Origin, a loopback Origin, and a configured one", async () => {
    const body = JSON.stringify(call(1));
    expect((await post(withToken.url, body, auth)).status).toBe(200);
    expect((await post(withToken.url, body, { ...auth, origin: "http://localhost:5173" })).status).toBe(200);
    expect((await post(withToken.url, body, { ...auth, origin: "https://app.example.com" })).status).toBe(
      200,
    );
  });

  it("applies the Host allow-list with a token too", async () => {
    const body = JSON.stringify(call(1));
    expect((await post(withToken.url, body, { ...auth, host: "attacker.example" })).status).toBe(403);
    expect((await post(withToken.url, body, { ...auth, host: "127.0.0.1" })).status).toBe(200);
  });

  it("refuses a batch that repeats an id before anything runs", async () => {
    runs = 0;
    const batch = JSON.stringify([call(7), call(7), call(7)]);
    const answer = await post(withToken.url, batch, auth);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: -32600 } });
    expect(runs).toBe(0);
    expect(repeatedBatchId([call(1), call(2)])).toBe(false);
  });

  it("refuses JSON nested 100,000 deep with 400, not a 500", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const body = JSON.stringify(call(1, { "dev.keel/x": "PLACEHOLDER" })).replace('"PLACEHOLDER"', deep);
    const answer = await post(withToken.url, body, auth);
    expect(answer.status).toBe(400);
    expect(jsonDepth('{"a":"[[[[","b":[1,[2]]}')).toBe(3);
  });

  it("refuses a token of white space at start-up", async () => {
    await expect(startTestHttpServer({ tools, agentToken: " ".repeat(40) })).rejects.toMatchObject({
      message: expect.stringContaining("white space"),
    });
  });
});

describe("the HTTP edge's connection limits", () => {
  it("closes a connection whose headers never finish within headersTimeoutMs (checked every second)", async () => {
    const { connect } = await import("node:net");
    const server = await startTestHttpServer({ tools, headersTimeoutMs: 2_000 });
    try {
      const socket = connect(server.port, "127.0.0.1");
      socket.on("error", () => {});
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      socket.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n"); // and never the blank line
      const started = performance.now();
      const drip = setInterval(() => socket.write("X-Slow: 1\r\n"), 250);
      await new Promise<void>((resolve) => socket.once("close", () => resolve()));
      clearInterval(drip);
      const seconds = (performance.now() - started) / 1000;
      expect(seconds).toBeGreaterThanOrEqual(1.8);
      // Node's own sweep runs every 30 s: without the 1 s check a stalled client would hold a socket far longer.
      expect(seconds).toBeLessThan(8);
    } finally {
      await server.close();
    }
  }, 30_000);

  it("refuses a headersTimeoutMs that is not a whole number of milliseconds", async () => {
    for (const headersTimeoutMs of [0, -1, 1.5, Number.NaN]) {
      await expect(startTestHttpServer({ tools, headersTimeoutMs })).rejects.toMatchObject({
        code: "INVALID_HEADERS_TIMEOUT",
      });
    }
  });

  it("refuses connections beyond maxConnections while serving the ones it holds", async () => {
    const { connect } = await import("node:net");
    const server = await startTestHttpServer({ tools, maxConnections: 2 });
    const held = [connect(server.port, "127.0.0.1"), connect(server.port, "127.0.0.1")];
    try {
      for (const socket of held) {
        socket.on("error", () => {});
        await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      }
      const extra = connect(server.port, "127.0.0.1");
      extra.on("error", () => {});
      await new Promise<void>((resolve) => extra.once("close", () => resolve()));
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const ok = await post(server.url, JSON.stringify(call(1)), {});
      expect(ok.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
