import { describe, expect, it } from "vitest";
import { runAgent } from "../run/run-agent.js";
import { answer, reply, spyTool, text, toolUse } from "../run/run-fixtures.test-helpers.js";
import type { Message, MessageCreateRequest } from "../wire.js";
import type { ModelClient } from "./model-client.js";
import { requestBody } from "./request-json.js";
import { ScriptedClient } from "./scripted-client.js";

/** Forwards to a ScriptedClient and keeps, per request, the body a JSON client sends and the re-serialised request. */
function bodyChecking(inner: ScriptedClient) {
  const seen: Array<{ sent: string; expected: string; streamed: string; expectedStreamed: string }> = [];
  const client: ModelClient = {
    name: "body-checking",
    create(request: MessageCreateRequest, options): Promise<Message> {
      seen.push({
        sent: requestBody(request, {}),
        expected: JSON.stringify(request),
        streamed: requestBody(request, { stream: true }),
        expectedStreamed: JSON.stringify({ ...request, stream: true }),
      });
      return inner.create(request, options);
    },
  };
  return { client, seen };
}

const script = () =>
  new ScriptedClient([
    reply([text("Løøking ✓"), toolUse("t1", "lookup", { q: "ünï" })]),
    reply([toolUse("t2", "lookup", { q: 2 }), toolUse("t3", "lookup", { q: 3 })]),
    answer("Done."),
  ]);

describe("the request JSON runAgent hands to JSON clients", () => {
  it("is exactly JSON.stringify of the request on every round, final request included", async () => {
    for (const cache of [true, false]) {
      for (const system of [undefined, "Ünïcode ✓", [{ type: "text" as const, text: "Blocks" }]]) {
        const { client, seen } = bodyChecking(script());
        const result = await runAgent({
          client,
          model: "m",
          ...(system === undefined ? {} : { system }),
          tools: [spyTool("lookup", "read")],
          // String content: the newest-turn breakpoint wraps it in a text block on the first request.
          messages: [{ role: "user", content: 'gø "quoted"' }],
          cache,
          maxIterations: 2,
        });
        expect(result.modelRequests).toBe(3);
        for (const { sent, expected, streamed, expectedStreamed } of seen) {
          expect(sent).toBe(expected);
          expect(streamed).toBe(expectedStreamed);
        }
        const sizes = result.trace.flatMap((event) => (event.type === "request" ? [event.bytes] : []));
        expect(sizes).toEqual(seen.map(({ expected }) => Buffer.byteLength(expected)));
      }
    }
  });

  it("is exact also when a client first asks for it late in the run", async () => {
    const inner = script();
    const checks: boolean[] = [];
    let index = 0;
    const client: ModelClient = {
      name: "late",
      create(request, options) {
        if (index++ === 2) checks.push(requestBody(request, {}) === JSON.stringify(request));
        return inner.create(request, options);
      },
    };
    await runAgent({ client, model: "m", tools: [spyTool("lookup", "read")], prompt: "go" });
    expect(checks).toEqual([true]);
  });

  it("is rebuilt from the object for a copy a wrapping client made", async () => {
    const inner = script();
    const bodies: string[] = [];
    const client: ModelClient = {
      name: "wrapping",
      create(request, options) {
        const changed = { ...request, temperature: 0 };
        bodies.push(requestBody(changed, {}));
        return inner.create(changed, options);
      },
    };
    await runAgent({ client, model: "m", tools: [spyTool("lookup", "read")], prompt: "go" });
    expect(bodies.map((body) => JSON.parse(body).temperature)).toEqual([0, 0, 0]);
  });

  it("comes with a frozen request, and follows a messages array a client changed", async () => {
    const inner = script();
    const checks: boolean[] = [];
    const client: ModelClient = {
      name: "mutating",
      create(request, options) {
        expect(Object.isFrozen(request)).toBe(true);
        request.messages.push({ role: "user", content: "appended by a client" });
        checks.push(requestBody(request, {}) === JSON.stringify(request));
        request.messages.pop();
        return inner.create(request, options);
      },
    };
    await runAgent({ client, model: "m", tools: [spyTool("lookup", "read")], prompt: "go" });
    expect(checks).toEqual([true, true, true]);
  });
});
