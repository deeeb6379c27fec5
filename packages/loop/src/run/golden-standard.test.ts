import { success } from "@keel/errors";
import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import type { MessageParam } from "@keel/wire";
import type { RequestContentBlock } from "@keel/wire/internal";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "../clients/anthropic-client.js";
import { runAgent } from "./run-agent.js";
import { spyTool, withoutBreakpoints } from "./run-fixtures.test-helpers.js";

const FILES: Record<string, string> = {
  "RAG.md": "     1→## Executive Summary\n     2→\n     3→This plan outlines a hybrid architecture…",
  "NOTES.md": "     1→# Notes\n     2→Use pgvector for retrieval.",
};
const SYSTEM = "You are a careful assistant. Use the Read tool to read files before answering.";
const blocks = (message: MessageParam | undefined) => (message?.content ?? []) as RequestContentBlock[];

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("reference 003: the golden standard, over HTTP with the real SDK", () => {
  it("sends three requests with the system prompt, the whole append-only history and real tool output", async () => {
    const api = await startFakeMessagesApi({
      script: [
        toolUseResponse([{ id: "toolu_01BFph4B", name: "Read", input: { file_path: "RAG.md" } }], {
          text: "I'll read the RAG.md file to provide you with a summary.",
        }),
        toolUseResponse([{ id: "toolu_02NotesX", name: "Read", input: { file_path: "NOTES.md" } }]),
        textResponse("## RAG.md Summary\n\nA hybrid architecture, retrieval with pgvector."),
      ],
    });
    close = api.close;
    const read = spyTool("Read", "read", (input) => success(FILES[String(input.file_path)] ?? ""));
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url, maxRetries: 0 });
    const result = await runAgent({
      client,
      model: "claude-opus-4-1-20250805",
      system: SYSTEM,
      tools: [read],
      prompt: "please summarize RAG.md",
    });

    expect(result.status).toBe("completed");
    expect(result.text).toContain("RAG.md Summary");
    const bodies = api.requests.map((request) => request.body);
    expect(bodies).toHaveLength(3);
    for (const body of bodies) {
      // The cached prefix ends on the system prompt: the API caches tools → system → messages.
      expect(body.system).toEqual([{ type: "text", text: SYSTEM, cache_control: { type: "ephemeral" } }]);
      expect(body.tools?.map((tool) => tool.name)).toEqual(["Read"]);
      expect(body.stream).toBe(true);
    }
    for (const [index, body] of bodies.slice(1).entries()) {
      const previous = bodies[index]!.messages;
      expect(withoutBreakpoints(body.messages.slice(0, previous.length))).toEqual(
        withoutBreakpoints(previous),
      );
    }
    const second = bodies[1]!.messages as MessageParam[];
    expect(second.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(blocks(second[1]).map((block) => block.type)).toEqual(["text", "tool_use"]);
    expect(blocks(second[2])).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_01BFph4B",
        content: FILES["RAG.md"],
        cache_control: { type: "ephemeral" },
      },
    ]);
    const third = bodies[2]!.messages as MessageParam[];
    expect(blocks(third[4])[0]).toMatchObject({ tool_use_id: "toolu_02NotesX", content: FILES["NOTES.md"] });
    expect(api.requests.every((request) => request.response?.status === 200)).toBe(true);
  });

  it("reads the cached prefix on later requests and reports the cache tokens in usage", async () => {
    const api = await startFakeMessagesApi({
      script: [
        toolUseResponse([{ name: "Read", input: { file_path: "RAG.md" } }]),
        toolUseResponse([{ name: "Read", input: { file_path: "NOTES.md" } }]),
        textResponse("Done."),
      ],
    });
    close = api.close;
    const read = spyTool("Read", "read", (input) => success(FILES[String(input.file_path)] ?? ""));
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url, maxRetries: 0 });
    const result = await runAgent({ client, model: "m", system: SYSTEM, tools: [read], prompt: "summarize" });
    const usage = result.trace.flatMap((event) => (event.type === "response" ? [event.usage] : []));
    expect(usage[0]!.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(usage[1]!.cache_read_input_tokens).toBeGreaterThan(0);
    expect(usage[2]!.cache_read_input_tokens).toBeGreaterThan(usage[1]!.cache_read_input_tokens!);
    expect(result.usage.cache_read_input_tokens).toBe(
      (usage[1]!.cache_read_input_tokens ?? 0) + (usage[2]!.cache_read_input_tokens ?? 0),
    );
  });
});
