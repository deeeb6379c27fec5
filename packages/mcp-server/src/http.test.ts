import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postRaw } from "./e2e/built-server.test-helpers.js";
import type { KeelHttpServer } from "./http.js";
import { startTestHttpServer } from "./testing/http-server.test-helpers.js";
import { probeToolset } from "./testing/probe-tools.test-helpers.js";

const AGENT = "http-test-agent-token-0123456789";
const READER = "http-test-reader-token-0123456789";
const call = (id: number, name: string, args: unknown = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  postRaw(url, JSON.stringify(body), headers);

describe("the HTTP exchange, in process", () => {
  let server: KeelHttpServer;
  beforeAll(async () => {
    server = await startTestHttpServer({ tools: probeToolset(), agentToken: AGENT, readonlyToken: READER });
  });
  afterAll(() => server.close());

  it("hands the token's role to the handler as metadata.role", async () => {
    const answer = async (token: string) =>
      (
        (await (await post(server.url, call(1, "whoami"), { authorization: `Bearer ${token}` })).json()) as {
          result: { structuredContent: unknown };
        }
      ).result.structuredContent;
    expect(await answer(AGENT)).toEqual({ role: "agent", transport: "mcp" });
    expect(await answer(READER)).toEqual({ role: "readonly", transport: "mcp" });
  });

  it("answers a batch with an array and a notification alone with 202", async () => {
    const auth = { authorization: `Bearer ${AGENT}` };
    const batch = await post(server.url, [call(1, "whoami"), call(2, "find_nothing")], auth);
    expect(((await batch.json()) as { id: number }[]).map((reply) => reply.id).sort()).toEqual([1, 2]);
    const notification = await post(
      server.url,
      { jsonrpc: "2.0", method: "notifications/initialized" },
      auth,
    );
    expect(notification.status).toBe(202);
  });

  it("refuses an unsupported protocol version and a client that cannot take JSON", async () => {
    const auth = { authorization: `Bearer ${AGENT}` };
    const version = await post(server.url, call(1, "whoami"), {
      ...auth,
      "mcp-protocol-version": "1999-01-01",
    });
    expect(version.status).toBe(400);
    const accept = await post(server.url, call(1, "whoami"), { ...auth, accept: "text/html" });
    expect(accept.status).toBe(406);
  });

  it("answers 404 off the endpoint", async () => {
    const response = await fetch(server.url.replace(/\/mcp$/, "/elsewhere"));
    expect(response.status).toBe(404);
  });
});

describe("without a token, on loopback", () => {
  let server: KeelHttpServer;
  beforeAll(async () => {
    server = await startTestHttpServer({ tools: probeToolset() });
  });
  afterAll(() => server.close());

  it("serves local callers as the agent role", async () => {
    const response = await post(server.url, call(1, "whoami"));
    expect(await response.json()).toMatchObject({ result: { structuredContent: { role: "agent" } } });
  });

  it("refuses a request addressed to another host name (DNS rebinding)", async () => {
    const { port } = server;
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const body = JSON.stringify(call(1, "whoami"));
      const outgoing = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/mcp",
          method: "POST",
          headers: { host: `evil.example:${port}`, "content-type": "application/json" },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
    expect(status).toBe(403);
  });
});
