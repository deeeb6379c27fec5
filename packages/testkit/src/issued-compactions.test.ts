import { describe, expect, it } from "vitest";
import { textResponse } from "./index.js";
import { rawPost, startServer } from "./sdk.test-helpers.js";

const BETA = { "anthropic-beta": "compact-2026-01-12" };
const long = "The customer's order history, line after line. ".repeat(400);
const compacting = {
  model: "claude-test-model",
  max_tokens: 256,
  context_management: {
    edits: [{ type: "compact_20260112", trigger: { type: "input_tokens", value: 1000 } }],
  },
};

/** One request past the trigger: the answer starts with a compaction block. */
async function compacted() {
  const server = await startServer({ script: [textResponse("Noted."), textResponse("Again.")] });
  const first = [{ role: "user", content: long }];
  const answer = await rawPost(server, { ...compacting, messages: first }, BETA);
  expect(answer.status).toBe(200);
  const content = (JSON.parse(answer.text) as { content: Array<Record<string, unknown>> }).content;
  expect(content[0]!.type).toBe("compaction");
  const next = (assistant: unknown[]) => [
    ...first,
    { role: "assistant", content: assistant },
    { role: "user", content: "And now?" },
  ];
  return { server, content, next };
}

describe("compaction blocks must come back verbatim (compaction guide)", () => {
  it("accepts the history with the block sent back as received", async () => {
    const { server, content, next } = await compacted();
    expect((await rawPost(server, { ...compacting, messages: next(content) }, BETA)).status).toBe(200);
  });

  it("refuses a later request that dropped the block, naming the turn", async () => {
    const { server, content, next } = await compacted();
    const answer = await rawPost(server, { ...compacting, messages: next(content.slice(1)) }, BETA);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(
      "messages.1: the compaction block this turn started with was dropped or replaced; send compaction blocks back exactly as received",
    );
  });

  it("refuses a block whose content was altered", async () => {
    const { server, content, next } = await compacted();
    const altered = { ...content[0], content: "A shorter summary." };
    const answer = await rawPost(
      server,
      { ...compacting, messages: next([altered, ...content.slice(1)]) },
      BETA,
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("the compaction block was modified");
  });
});
