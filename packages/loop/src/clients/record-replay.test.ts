import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MessageCreateRequest, MessageParam } from "@keel/wire";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Cassette } from "./cassette.js";
import type { ModelStreamEvent } from "./model-client.js";
import { ModelClientError } from "./model-client-error.js";
import { rejection } from "./model-client-error.test-helpers.js";
import { RecordingClient } from "./recording-client.js";
import { ReplayClient } from "./replay-client.js";
import { ScriptedClient } from "./scripted-client.js";

const SECRET = "sk-ant-api03-live-secret-0123456789";
const system = "You are a support agent.";
const question: MessageParam = { role: "user", content: `Refund order ORD-1. (debug: key ${SECRET})` };
const toolTurn = {
  content: [{ type: "tool_use", id: "toolu_1", name: "lookup_order", input: { order_id: "ORD-1" } }],
};
const finalTurn = { content: [{ type: "text", text: "Refunded." }] };

function requests(): MessageCreateRequest[] {
  const history: MessageParam[] = [question];
  const first: MessageCreateRequest = {
    model: "claude-test",
    max_tokens: 100,
    system,
    messages: [...history],
  };
  history.push(
    { role: "assistant", content: toolTurn.content as MessageParam["content"] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: '{"total": 5}' }] },
  );
  return [first, { ...first, messages: [...history] }];
}

async function record(): Promise<Cassette> {
  let saved: Cassette | undefined;
  const recorder = new RecordingClient(new ScriptedClient([toolTurn, finalTurn]), {
    sink: (cassette) => {
      saved = structuredClone(cassette);
    },
  });
  for (const request of requests()) await recorder.create(request);
  if (!saved) throw new Error("nothing recorded");
  return saved;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("RecordingClient", () => {
  it("records each request and response, with secrets redacted", async () => {
    const cassette = await record();
    expect(cassette.version).toBe(1);
    expect(cassette.interactions).toHaveLength(2);
    expect(JSON.stringify(cassette)).not.toContain(SECRET);
    expect(cassette.interactions[0]?.request.messages[0]?.content).toBe(
      "Refund order ORD-1. (debug: key [REDACTED])",
    );
    expect(cassette.interactions[1]).toMatchObject({
      response: { content: [{ type: "text", text: "Refunded." }] },
    });
  });

  it("writes the cassette file after every interaction, without the value of ANTHROPIC_API_KEY", async () => {
    vi.stubEnv("ANTHROPIC_API_KEY", "plain-looking-key-value");
    const path = join(await mkdtemp(join(tmpdir(), "keel-cassette-")), "run.cassette.json");
    const recorder = new RecordingClient(new ScriptedClient([{ content: [{ type: "text", text: "ok" }] }]), {
      path,
    });
    await recorder.create({
      model: "m",
      max_tokens: 1,
      messages: [{ role: "user", content: "plain-looking-key-value" }],
    });
    const written = JSON.parse(await readFile(path, "utf8")) as Cassette;
    expect(written.interactions[0]?.request.messages[0]?.content).toBe("[REDACTED]");
  });

  it("records a model failure so replay reproduces it", async () => {
    const failing = new ScriptedClient([new ModelClientError("overloaded", "Overloaded", { status: 529 })]);
    const recorder = new RecordingClient(failing, { sink: () => undefined });
    await rejection(recorder.create(requests()[0]!));
    const replay = new ReplayClient({ cassette: recorder.cassette });
    const error = await rejection(replay.create(requests()[0]!));
    expect(error).toMatchObject({ kind: "overloaded", message: "Overloaded", status: 529, retryable: true });
  });

  it("passes the inner client's events through", async () => {
    const recorder = new RecordingClient(new ScriptedClient([toolTurn]), { sink: () => undefined });
    const events: ModelStreamEvent[] = [];
    await recorder.create(requests()[0]!, { onEvent: (event) => events.push(event) });
    expect(events.map((event) => event.type)).toEqual(["tool_use_complete", "content_block_complete"]);
  });
});

describe("ReplayClient", () => {
  it("serves the recorded responses for the same requests", async () => {
    const replay = new ReplayClient({ cassette: await record() });
    const [first, second] = requests();
    await expect(replay.create(first!)).resolves.toMatchObject({ stop_reason: "tool_use" });
    await expect(replay.create(second!)).resolves.toMatchObject({
      content: [{ type: "text", text: "Refunded." }],
    });
    expect(replay.served).toBe(2);
  });

  it("reads a cassette file written by the recorder", async () => {
    const path = join(await mkdtemp(join(tmpdir(), "keel-cassette-")), "run.cassette.json");
    const recorder = new RecordingClient(new ScriptedClient([toolTurn]), { path });
    await recorder.create(requests()[0]!);
    await expect(new ReplayClient({ path }).create(requests()[0]!)).resolves.toMatchObject({
      stop_reason: "tool_use",
    });
  });

  it("fails with a readable diff naming the JSON path when a request differs", async () => {
    const replay = new ReplayClient({ cassette: await record() });
    const [first, second] = requests();
    await replay.create(first!);
    const changed: MessageCreateRequest = {
      ...second!,
      messages: second!.messages.map((message, index) =>
        index === 2
          ? {
              role: "user",
              content: [{ type: "tool_result", tool_use_id: "toolu_1", content: '{"total": 6}' }],
            }
          : message,
      ),
    };
    const error = await rejection(replay.create(changed));
    expect(error.kind).toBe("replay_mismatch");
    expect(error.message).toContain("request #2 differs");
    expect(error.message).toContain(
      'at messages[2].content[0].content: expected "{\\"total\\": 5}", got "{\\"total\\": 6}"',
    );
  });

  it("lists only the first differences of a very different request", async () => {
    const replay = new ReplayClient({ cassette: await record() });
    const error = await rejection(
      replay.create({
        model: "other",
        max_tokens: 1,
        system: "x",
        messages: [{ role: "user", content: "a" }],
        temperature: 1,
        stop_sequences: ["s"],
        metadata: { user_id: "u" },
      }),
    );
    expect(error.message.match(/^ {2}at /gm)).toHaveLength(5);
    expect(error.message).toContain("(and more differences)");
  });

  it("fails with replay_mismatch when the run asks for more than was recorded", async () => {
    const replay = new ReplayClient({ cassette: { version: 1, interactions: [] } });
    const error = await rejection(replay.create(requests()[0]!));
    expect(error.kind).toBe("replay_mismatch");
    expect(error.message).toContain("holds 0 interactions");
  });

  it("refuses a cassette of another version", () => {
    expect(() => new ReplayClient({ cassette: { version: 2, interactions: [] } as never })).toThrow(
      /version 2/,
    );
  });
});
