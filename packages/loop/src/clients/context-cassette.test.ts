import { startFakeMessagesApi } from "@keel/testkit";
import { describe, expect, it } from "vitest";
import { readingRounds, readLongOrder } from "../run/long-orders.test-helpers.js";
import { runAgent } from "../run/run-agent.js";
import type { RunOptions } from "../run/run-options.js";
import { AnthropicClient } from "./anthropic-client.js";
import type { Cassette } from "./cassette.js";
import { RecordingClient } from "./recording-client.js";
import { ReplayClient } from "./replay-client.js";

const options = {
  model: "claude-sonnet-5-5",
  tools: [readLongOrder],
  prompt: "Read the orders.",
  idGenerator: () => "run_cassette",
  context: { compact: { trigger: 1200 }, clearToolUses: { trigger: 1500, keep: 1 } },
} satisfies Omit<RunOptions, "client">;

describe("cassettes with context management", () => {
  it("record compaction blocks and applied edits, and replay them into the same run", async () => {
    const api = await startFakeMessagesApi({ script: readingRounds(8) });
    let cassette: Cassette | undefined;
    const recorder = new RecordingClient(new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url }), {
      sink: (saved) => {
        cassette = structuredClone(saved);
      },
    });
    const recorded = await runAgent({ ...options, client: recorder });
    await api.close();
    expect(recorded.status).toBe("completed");

    const responses = cassette!.interactions.flatMap((interaction) =>
      "response" in interaction ? [interaction.response] : [],
    );
    const compaction = responses.find((response) => response.content[0]?.type === "compaction");
    expect(compaction?.content[0]).toMatchObject({
      type: "compaction",
      encrypted_content: expect.stringMatching(/^keel-fake-compaction:/),
    });
    const served = api.requests.find(
      (request) => request.response?.message?.content[0]?.type === "compaction",
    );
    // Verbatim: the redaction leaves the opaque encrypted_content alone, or the API would refuse it later.
    expect(compaction!.content[0]).toEqual(served!.response!.message!.content[0]);
    const applied = responses.flatMap((response) => response.context_management?.applied_edits ?? []);
    expect(applied).toContainEqual(
      expect.objectContaining({ type: "clear_tool_uses_20250919", cleared_tool_uses: expect.any(Number) }),
    );

    const replayed = await runAgent({ ...options, client: new ReplayClient({ cassette: cassette! }) });
    expect(replayed.status).toBe("completed");
    expect(replayed.messages).toEqual(recorded.messages);
    expect(replayed.usage.context_management).toEqual(recorded.usage.context_management);
    expect(replayed.usage.context_management!.compactions).toBeGreaterThan(0);
    expect(replayed.usage.context_management!.cleared_tool_uses).toBeGreaterThan(0);
  });
});
