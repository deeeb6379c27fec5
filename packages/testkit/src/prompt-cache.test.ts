import type Anthropic from "@anthropic-ai/sdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textResponse } from "./index.js";
import { estimateTokens, PromptCache } from "./prompt-cache.js";
import { sdkClient, startServer } from "./sdk.test-helpers.js";
import type { MessagesRequest } from "./wire.js";

const ephemeral = { type: "ephemeral" } as const;
const longSystem = [
  { type: "text" as const, text: "You are a careful assistant. ".repeat(40), cache_control: ephemeral },
];

function request(
  messages: MessagesRequest["messages"],
  system: MessagesRequest["system"] = longSystem,
): MessagesRequest {
  return { model: "claude-test-model", max_tokens: 100, system, messages };
}

function account(cache: PromptCache, body: MessagesRequest, breakpoints: number) {
  return cache.account(body, Buffer.byteLength(JSON.stringify(body)), breakpoints);
}

describe("usage accounting", () => {
  it("estimates one token per 4 bytes, at least 1", () => {
    expect([estimateTokens(0), estimateTokens(4), estimateTokens(5), estimateTokens(4000)]).toEqual([
      1, 1, 2, 1000,
    ]);
  });

  it("counts every input token as plain input without breakpoints", () => {
    const body = request([{ role: "user", content: "hi" }], "plain system");
    expect(account(new PromptCache(), body, 0)).toEqual({
      input_tokens: estimateTokens(Buffer.byteLength(JSON.stringify(body))),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
  });

  it("reads a top-level cache_control as a breakpoint on the last block, so a growing history is read back", () => {
    const cache = new PromptCache();
    const turns: MessagesRequest["messages"] = [
      { role: "user", content: [{ type: "text", text: "a".repeat(800) }] },
    ];
    const automatic = (messages: MessagesRequest["messages"]) => ({
      ...request(messages, "plain system"),
      cache_control: ephemeral,
    });
    const first = account(cache, automatic(turns), 0);
    const grown: MessagesRequest["messages"] = [
      ...turns,
      { role: "assistant", content: [{ type: "text", text: "b".repeat(400) }] },
      { role: "user", content: [{ type: "text", text: "c".repeat(400) }] },
    ];
    const second = account(cache, automatic(grown), 0);
    expect(first.cache_creation_input_tokens).toBeGreaterThan(200);
    expect(second.cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
    expect(second.cache_creation_input_tokens).toBeGreaterThan(200);
    const withoutIt = account(new PromptCache(), request(grown, "plain system"), 0);
    expect(withoutIt.cache_read_input_tokens + withoutIt.cache_creation_input_tokens).toBe(0);
  });

  it("writes the prefix up to the breakpoint on first sight, then reads it", () => {
    const cache = new PromptCache();
    const body = request([{ role: "user", content: "hi" }]);
    const first = account(cache, body, 1);
    const second = account(cache, body, 1);

    expect(first.cache_creation_input_tokens).toBeGreaterThan(250);
    expect(first.cache_read_input_tokens).toBe(0);
    expect(second).toEqual({
      input_tokens: first.input_tokens,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: first.cache_creation_input_tokens,
    });
  });

  it("reads the earlier prefix and writes only the new part when the breakpoint moves forward", () => {
    const cache = new PromptCache();
    const turn1 = [
      {
        role: "user" as const,
        content: [{ type: "text", text: "question ".repeat(50), cache_control: ephemeral }],
      },
    ];
    const first = account(cache, request(turn1, "system"), 1);
    const turn2 = [
      { role: "user" as const, content: [{ type: "text", text: "question ".repeat(50) }] },
      { role: "assistant" as const, content: "answer ".repeat(50) },
      { role: "user" as const, content: [{ type: "text", text: "follow-up", cache_control: ephemeral }] },
    ];
    const second = account(cache, request(turn2, "system"), 1);

    expect(second.cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
    expect(second.cache_creation_input_tokens).toBeGreaterThan(80);
  });

  it("misses the cache when an earlier segment changes", () => {
    const cache = new PromptCache();
    account(cache, request([{ role: "user", content: "hi" }]), 1);
    const changed = [{ ...longSystem[0]!, text: "Another system prompt. ".repeat(40) }];
    expect(
      account(cache, request([{ role: "user", content: "hi" }], changed), 1).cache_read_input_tokens,
    ).toBe(0);
  });

  it("splits the same total among input, cache writes and cache reads", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 6 }), (turns) => {
        const cache = new PromptCache();
        const messages = turns.map((text, index) => ({
          role: index % 2 === 0 ? ("user" as const) : ("assistant" as const),
          content: [{ type: "text", text, cache_control: ephemeral }],
        }));
        for (let length = 1; length <= messages.length; length++) {
          const body = request(
            messages
              .slice(0, length)
              .map((message, index) =>
                index === length - 1
                  ? message
                  : { ...message, content: [{ type: "text", text: message.content[0]!.text }] },
              ),
          );
          const usage = account(cache, body, 2);
          const total = estimateTokens(Buffer.byteLength(JSON.stringify(body)));
          const sum = usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
          expect(sum).toBeGreaterThanOrEqual(total - 1);
          expect(sum).toBeLessThanOrEqual(total + 1);
        }
      }),
    );
  });

  it("reports cache reads to the SDK on the second identical request", async () => {
    const server = await startServer({ script: [textResponse("a"), textResponse("b")] });
    const client = sdkClient(server);
    const body = request([
      { role: "user", content: "hi" },
    ]) as unknown as Anthropic.MessageCreateParamsNonStreaming;
    const first = await client.messages.create(body);
    const second = await client.messages.create(body);
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(second.usage.cache_creation_input_tokens).toBe(0);
  });
});

describe("cache_control markers are not prompt", () => {
  it("bills the same input for the same prompt with or without markers, and counts it the same", async () => {
    const server = await startServer({ script: [textResponse("a"), textResponse("b")] });
    const client = sdkClient(server);
    const history: MessagesRequest["messages"] = [
      { role: "user", content: [{ type: "text", text: "x".repeat(900) }] },
      { role: "assistant", content: [{ type: "text", text: "y".repeat(300) }] },
      { role: "user", content: [{ type: "text", text: "z".repeat(300), cache_control: ephemeral }] },
    ];
    const marked = request(history);
    const bare = request(
      history.map((message) => ({
        ...message,
        content: (message.content as Array<{ type: "text"; text: string }>).map(({ type, text }) => ({
          type,
          text,
        })),
      })),
      longSystem.map(({ type, text }) => ({ type, text })),
    );
    const billed = (usage: Anthropic.Usage) =>
      usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
    const asParams = (body: MessagesRequest) => body as unknown as Anthropic.MessageCreateParamsNonStreaming;
    const withMarkers = await client.messages.create(asParams(marked));
    const without = await client.messages.create(asParams(bare));
    expect(withMarkers.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(billed(withMarkers.usage)).toBe(billed(without.usage));
    const count = async ({ max_tokens: _, ...countable }: MessagesRequest) =>
      (await client.messages.countTokens(countable as Anthropic.MessageCountTokensParams)).input_tokens;
    expect(await count(marked)).toBe(await count(bare));
    await server.close();
  });
});
