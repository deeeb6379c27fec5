import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createMemoryBackend, createSupportTools } from "@keel/support-desk";
import { type FakeMessagesApi, startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { onlyJson, runCli, temporaryDirectory } from "../cli.test-helpers.js";

const DUMMY_KEY = "sk-ant-api03-dummy-test-key-0123456789abcdefghij";
const servers: FakeMessagesApi[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function orderStatusApi(): Promise<FakeMessagesApi> {
  const api = await startFakeMessagesApi({
    script: [
      toolUseResponse([{ id: "toolu_live_1", name: "lookup_order", input: { order_id: "ORD-1005" } }], {
        text: "Let me check that order.",
        usage: {
          input_tokens: 1500,
          output_tokens: 40,
          cache_creation_input_tokens: 1200,
          cache_read_input_tokens: 0,
        },
      }),
      textResponse("Your order ORD-1005 has shipped.", {
        usage: {
          input_tokens: 300,
          output_tokens: 12,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 1200,
        },
      }),
    ],
  });
  servers.push(api);
  return api;
}

describe("keel run in LIVE mode", () => {
  it("sends --thinking N as thinking with max_tokens above the budget, and --temperature as is", async () => {
    // With thinking on, the model's tool turn opens with a thinking block, which must be passed back.
    const api = await startFakeMessagesApi({
      script: [
        {
          content: [
            { type: "thinking", thinking: "The customer asks about one order: look it up.", signature: "" },
            { type: "text", text: "Let me check that order." },
            { type: "tool_use", id: "toolu_live_1", name: "lookup_order", input: { order_id: "ORD-1005" } },
          ],
          stop_reason: "tool_use",
        },
        textResponse("Your order ORD-1005 has shipped."),
      ],
    });
    servers.push(api);
    const env = { ANTHROPIC_API_KEY: DUMMY_KEY, ANTHROPIC_BASE_URL: api.url };
    const thinking = await runCli(["run", "Where is ORD-1005?", "--thinking", "2048", "--json"], { env });
    expect(thinking.code, thinking.stderr).toBe(0);
    expect(api.requests.map((request) => request.response?.status)).toEqual([200, 200]);
    expect(api.requests[0]?.body).toMatchObject({
      thinking: { type: "enabled", budget_tokens: 2048 },
      max_tokens: 6144,
    });
    const refused = await runCli(
      ["run", "Where is ORD-1005?", "--thinking", "2048", "--temperature", "0.2"],
      { env },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("exclude each other");
    const small = await runCli(["run", "Where is ORD-1005?", "--thinking", "100"], { env });
    expect(small.code).toBe(2);
  });

  it("streams from ANTHROPIC_BASE_URL with the key, the --model and the support tools", async () => {
    const api = await orderStatusApi();
    const env = { ANTHROPIC_API_KEY: DUMMY_KEY, ANTHROPIC_BASE_URL: api.url };
    const { code, stdout, stderr } = await runCli(
      ["run", "Where is ORD-1005?", "--model", "claude-test-model", "--json"],
      { env },
    );
    expect(code).toBe(0);
    expect(stderr).toContain("LIVE");
    expect(stderr).toContain(api.url);
    expect(stderr).not.toContain(DUMMY_KEY);
    expect(onlyJson(stdout)).toMatchObject({
      status: "completed",
      text: "Your order ORD-1005 has shipped.",
      modelRequests: 2,
      toolCalls: [{ requested: "lookup_order", executed: "lookup_order", decision: "allow", isError: false }],
      usage: {
        input_tokens: 1800,
        output_tokens: 52,
        cache_creation_input_tokens: 1200,
        cache_read_input_tokens: 1200,
      },
    });
    const [first] = api.requests;
    expect(first?.body.stream).toBe(true);
    expect(first?.body.model).toBe("claude-test-model");
    expect(first?.body.tools?.map((tool) => tool.name)).toEqual(
      createSupportTools(createMemoryBackend()).map((tool) => tool.name),
    );
  });

  it("prints the streamed text for people", async () => {
    const api = await orderStatusApi();
    const { stdout } = await runCli(["run", "Where is ORD-1005?"], {
      env: { ANTHROPIC_API_KEY: DUMMY_KEY, ANTHROPIC_BASE_URL: api.url },
    });
    expect(stdout).toContain("[1] model Let me check that order.");
    expect(stdout).toContain("[2] model Your order ORD-1005 has shipped.");
    expect(stdout).toContain("cache write 1,200");
  });

  it("reads ANTHROPIC_API_KEY from ./.env, without overriding a variable already set", async () => {
    const api = await orderStatusApi();
    const cwd = temporaryDirectory();
    writeFileSync(
      join(cwd, ".env"),
      `# local settings\nANTHROPIC_API_KEY="${DUMMY_KEY}"\nANTHROPIC_BASE_URL=http://127.0.0.1:9/wrong\n`,
    );
    const { code, stderr } = await runCli(["run", "Where is ORD-1005?", "--json"], {
      cwd,
      env: { ANTHROPIC_BASE_URL: api.url },
    });
    expect(code).toBe(0);
    expect(stderr).toContain(`LIVE`);
    expect(api.requests).toHaveLength(2);
  });

  it("exits 1 with status model_error when the API rejects the key", async () => {
    const api = await startFakeMessagesApi({ script: [textResponse("never")], apiKey: "the-right-key" });
    servers.push(api);
    const { code, stdout, stderr } = await runCli(["run", "Where is ORD-1005?", "--json"], {
      env: { ANTHROPIC_API_KEY: DUMMY_KEY, ANTHROPIC_BASE_URL: api.url },
    });
    expect(code).toBe(1);
    expect(onlyJson(stdout)).toMatchObject({
      status: "model_error",
      error: { kind: "authentication", status: 401, retryable: false, retryAfterMs: null },
    });
    expect(String((onlyJson(stdout).error as { message: string }).message)).toContain("rejected the API key");
    expect(stderr).toContain("keel run: model_error: authentication:");
    expect(stdout + stderr).not.toContain(DUMMY_KEY);
  });

  it("says how a refused run stopped: --json carries the stop reason and the API's stop details", async () => {
    const api = await startFakeMessagesApi({
      script: [
        {
          content: [{ type: "text", text: "I can't help with that." }],
          stop_reason: "refusal",
          stop_details: { type: "refusal", category: "cyber", explanation: "flagged" },
        } as never,
      ],
    });
    servers.push(api);
    const { code, stdout } = await runCli(["run", "Where is ORD-1005?", "--json"], {
      env: { ANTHROPIC_API_KEY: DUMMY_KEY, ANTHROPIC_BASE_URL: api.url },
    });
    expect(code).toBe(1);
    expect(onlyJson(stdout)).toMatchObject({
      status: "refused",
      error: null,
      stop: { stopReason: "refusal", stopSequence: null, limit: null },
    });
  });
});

describe("keel run --record then --replay", () => {
  it("replays a LIVE recording offline with the same result, and the cassette holds no secret", async () => {
    const api = await orderStatusApi();
    const cwd = temporaryDirectory();
    const live = await runCli(["run", "Where is ORD-1005?", "--record", "order.cassette.json", "--json"], {
      cwd,
      env: { ANTHROPIC_API_KEY: DUMMY_KEY, ANTHROPIC_BASE_URL: api.url },
    });
    expect(live.code).toBe(0);
    const cassette = readFileSync(join(cwd, "order.cassette.json"), "utf8");
    expect(cassette).not.toContain(DUMMY_KEY);
    expect(cassette).not.toContain("sk-ant-");
    expect(JSON.parse(cassette).interactions).toHaveLength(2);
    await api.close();

    const replayed = await runCli(["run", "--replay", "order.cassette.json", "--json"], { cwd });
    expect(replayed.code).toBe(0);
    expect(replayed.stderr).toContain("REPLAY");
    const { status, text, toolCalls, usage } = onlyJson(live.stdout);
    expect(onlyJson(replayed.stdout)).toMatchObject({ status, text, toolCalls, usage });
  });

  it("records a SIMULATION scenario and replays it with staged faults intact", async () => {
    const cwd = temporaryDirectory();
    const recorded = await runCli(
      ["run", "--scenario", "transient-retry", "--record", "retry.cassette.json", "--json"],
      { cwd },
    );
    const replayed = await runCli(
      ["run", "--scenario", "transient-retry", "--replay", "retry.cassette.json", "--json"],
      { cwd },
    );
    expect(replayed.code).toBe(0);
    expect(onlyJson(replayed.stdout).toolCalls).toEqual(onlyJson(recorded.stdout).toolCalls);
  });

  it("fails the run (exit 1) when the request differs from the recording", async () => {
    const cwd = temporaryDirectory();
    await runCli(["run", "--scenario", "order-not-found", "--record", "c.json"], { cwd });
    const { code, stdout } = await runCli(
      ["run", "Something else entirely", "--replay", "c.json", "--json"],
      { cwd },
    );
    expect(code).toBe(1);
    expect(onlyJson(stdout).status).toBe("model_error");
  });

  it("rejects an unreadable cassette as a usage error", async () => {
    const { code, stderr } = await runCli(["run", "--replay", "missing.cassette.json"]);
    expect(code).toBe(2);
    expect(stderr).toBe("keel run: --replay missing.cassette.json: not readable: no such file (ENOENT).\n");
  });
});
