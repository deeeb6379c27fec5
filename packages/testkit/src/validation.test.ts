import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { textResponse } from "./index.js";
import { rawPost, sdkClient, startServer, userRequest } from "./sdk.test-helpers.js";
import { signThinking } from "./thinking-signatures.js";
import { validateRequest } from "./validate-request.js";

const ephemeral = { type: "ephemeral" } as const;
const toolUse = (id: string) => ({ type: "tool_use", id, name: "get_weather", input: { city: "Paris" } });
const toolResult = (id: string) => ({ type: "tool_result", tool_use_id: id, content: "21°C" });

/** A valid three-turn history: question, tool call, its result. */
function roundTrip(overrides: { assistant?: unknown[]; results?: unknown[] } = {}) {
  return [
    { role: "user", content: "Weather in Paris?" },
    {
      role: "assistant",
      content: overrides.assistant ?? [{ type: "text", text: "Checking." }, toolUse("toolu_01A")],
    },
    { role: "user", content: overrides.results ?? [toolResult("toolu_01A")] },
  ];
}

const invalidRequests: Array<[string, Record<string, unknown>, string]> = [
  ["a missing model", { model: undefined }, "model: Field required"],
  [
    "a memory tool not named memory",
    { tools: [{ type: "memory_20250818", name: "notes" }] },
    "tools.0.name: Input should be 'memory' for a memory_20250818 tool",
  ],
  ["a missing max_tokens", { max_tokens: undefined }, "max_tokens: Field required"],
  ["missing messages", { messages: undefined }, "messages: Field required"],
  ["an empty messages list", { messages: [] }, "at least one message is required"],
  [
    "a first message from the assistant",
    { messages: [{ role: "assistant", content: "Hi" }] },
    'first message must use the "user" role',
  ],
  [
    "an empty text block beside a tool_use (resent as Claude returned it)",
    { messages: roundTrip({ assistant: [{ type: "text", text: "" }, toolUse("toolu_01A")] }) },
    "messages.1.content.0.text: text content blocks must be non-empty",
  ],
  [
    "an empty system text block",
    { system: [{ type: "text", text: "" }] },
    "system.0.text: text content blocks must be non-empty",
  ],
  [
    "five breakpoints spread over system, tools and a tool_result",
    {
      system: [1, 2].map((index) => ({ type: "text", text: `part ${index}`, cache_control: ephemeral })),
      tools: [{ name: "get_weather", input_schema: { type: "object" }, cache_control: ephemeral }],
      messages: roundTrip({
        results: [
          {
            ...toolResult("toolu_01A"),
            content: [{ type: "text", text: "21°C", cache_control: ephemeral }],
            cache_control: ephemeral,
          },
        ],
      }),
    },
    "A maximum of 4 blocks with cache_control may be provided. Found 5.",
  ],
  [
    "thinking with a forced tool choice",
    {
      max_tokens: 4096,
      thinking: { type: "enabled", budget_tokens: 2048 },
      tools: [{ name: "get_weather", input_schema: { type: "object" } }],
      tool_choice: { type: "any" },
    },
    "Thinking may not be enabled when tool_choice forces tool use.",
  ],
  [
    "max_tokens not above the thinking budget",
    { max_tokens: 2048, thinking: { type: "enabled", budget_tokens: 2048 } },
    "`max_tokens` must be greater than `thinking.budget_tokens`",
  ],
  [
    "a thinking budget below 1,024",
    { max_tokens: 4096, thinking: { type: "enabled", budget_tokens: 512 } },
    "budget_tokens: Input should be greater than or equal to 1024",
  ],
  [
    "a tool_use not answered in the next user turn",
    { messages: roundTrip({ results: [{ type: "text", text: "never mind" }] }) },
    "messages.2: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01A",
  ],
  [
    "a tool_use left unanswered at the end of the history",
    { messages: roundTrip().slice(0, 2) },
    "`tool_use` ids were found without `tool_result` blocks immediately after: toolu_01A",
  ],
  [
    "a tool_result naming an unknown id",
    { messages: roundTrip({ results: [toolResult("toolu_01A"), toolResult("toolu_01Unknown")] }) },
    "messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01Unknown",
  ],
  [
    "a tool_result answering an older assistant turn",
    {
      messages: [
        ...roundTrip(),
        { role: "assistant", content: "It is 21°C." },
        { role: "user", content: [toolResult("toolu_01A")] },
      ],
    },
    "messages.4.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01A",
  ],
  [
    "duplicate tool_use ids",
    { messages: roundTrip({ assistant: [toolUse("toolu_01A"), toolUse("toolu_01A")] }) },
    "messages.1.content.1: `tool_use` ids must be unique",
  ],
  [
    "more than 4 cache_control breakpoints",
    {
      system: [1, 2, 3, 4, 5].map((index) => ({
        type: "text",
        text: `part ${index}`,
        cache_control: ephemeral,
      })),
    },
    "A maximum of 4 blocks with cache_control may be provided. Found 5.",
  ],
  [
    "a tool_choice naming an unknown tool",
    { tool_choice: { type: "tool", name: "get_stock_price" } },
    "tool_choice.name: Tool 'get_stock_price' not found in provided tools",
  ],
  [
    "a tool_choice without tools",
    { tools: undefined, tool_choice: { type: "any" } },
    "tool_choice may only be specified while providing tools",
  ],
  [
    "an empty user message",
    { messages: [{ role: "user", content: [] }] },
    "all messages must have non-empty content",
  ],
  [
    "text before the tool_result in the user turn that answers a tool_use",
    { messages: roundTrip({ results: [{ type: "text", text: "Here:" }, toolResult("toolu_01A")] }) },
    "messages.2.content.1: `tool_result` blocks must come first",
  ],
  [
    "an open tool loop whose assistant turn lost its thinking block, with thinking on",
    {
      max_tokens: 4096,
      thinking: { type: "enabled", budget_tokens: 2048 },
      tools: [{ name: "get_weather", input_schema: { type: "object" } }],
      messages: roundTrip(),
    },
    "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`",
  ],
  [
    "a thinking block without its signature",
    { messages: roundTrip({ assistant: [{ type: "thinking", thinking: "Hmm." }, toolUse("toolu_01A")] }) },
    "messages.1.content.0.signature: Field required",
  ],
  [
    "a thinking block this server signed, altered before being sent back",
    {
      messages: roundTrip({
        assistant: [
          { type: "thinking", thinking: "Edited.", signature: signThinking("Original.") },
          toolUse("toolu_01A"),
        ],
      }),
    },
    "messages.1.content.0: Invalid `signature` in `thinking` block",
  ],
];

describe("request validation", () => {
  it.each(invalidRequests)("answers 400 invalid_request_error to %s", async (_name, overrides, message) => {
    const server = await startServer({ script: [textResponse("unused")] });
    const body = { ...userRequest(), ...overrides } as Anthropic.MessageCreateParamsNonStreaming;
    const error = await sdkClient(server)
      .messages.create(body)
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      type: "error",
      error: { type: "invalid_request_error", message: expect.stringContaining(message) },
    });
    expect(server.remaining).toBe(1);
  });

  it("accepts a complete tool round trip", () => {
    expect(validateRequest({ ...userRequest(), messages: roundTrip() }).ok).toBe(true);
  });

  it("accepts consecutive user turns, which the API combines into one turn", () => {
    const messages = [
      { role: "user", content: "a" },
      { role: "user", content: [{ type: "text", text: "b" }] },
    ];
    expect(validateRequest({ ...userRequest(), messages }).ok).toBe(true);
  });

  it("accepts tool results and a new question in consecutive user messages after the tool_use", () => {
    const messages = [...roundTrip(), { role: "user", content: "And tomorrow?" }];
    expect(validateRequest({ ...userRequest(), messages }).ok).toBe(true);
  });

  it("accepts thinking with tool_choice auto and max_tokens above the budget", () => {
    const body = {
      ...userRequest(),
      max_tokens: 4096,
      thinking: { type: "enabled", budget_tokens: 2048 },
      tools: [{ name: "get_weather", input_schema: { type: "object" } }],
      tool_choice: { type: "auto" },
    };
    expect(validateRequest(body).ok).toBe(true);
  });

  it("accepts an open tool loop that starts with its thinking block (passed back unchanged) with thinking on", () => {
    const thinking = {
      type: "thinking",
      thinking: "Check the weather.",
      signature: signThinking("Check the weather."),
    };
    const body = {
      ...userRequest(),
      max_tokens: 4096,
      thinking: { type: "enabled", budget_tokens: 2048 },
      tools: [{ name: "get_weather", input_schema: { type: "object" } }],
      messages: roundTrip({ assistant: [thinking, toolUse("toolu_01A")] }),
    };
    expect(validateRequest(body).ok).toBe(true);
  });

  it("signs the thinking blocks it serves, so a client can pass them back and the next request passes", async () => {
    const server = await startServer({
      script: [
        {
          content: [
            { type: "thinking", thinking: "Look it up.", signature: "anything" },
            { type: "tool_use", id: "toolu_01A", name: "get_weather", input: { city: "Paris" } },
          ],
          stop_reason: "tool_use",
        },
        textResponse("21°C in Paris."),
      ],
    });
    const client = sdkClient(server);
    const base = {
      model: "claude-test",
      max_tokens: 4096,
      thinking: { type: "enabled" as const, budget_tokens: 2048 },
      tools: [{ name: "get_weather", input_schema: { type: "object" as const } }],
    };
    const first = await client.messages.create({
      ...base,
      messages: [{ role: "user", content: "Weather?" }],
    });
    expect(first.content[0]).toMatchObject({ type: "thinking", signature: signThinking("Look it up.") });
    const second = await client.messages.create({
      ...base,
      messages: [
        { role: "user", content: "Weather?" },
        { role: "assistant", content: first.content },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01A", content: "21°C" }] },
      ],
    });
    expect(second.content[0]).toMatchObject({ type: "text", text: "21°C in Paris." });
  });

  it("accepts a final assistant prefill, even an empty one", () => {
    const messages = [
      { role: "user", content: "Say hi" },
      { role: "assistant", content: "" },
    ];
    expect(validateRequest({ ...userRequest(), messages }).ok).toBe(true);
  });

  it("counts cache_control inside tool_result content toward the limit", () => {
    const nested = {
      ...toolResult("toolu_01A"),
      content: [1, 2, 3, 4, 5].map(() => ({ type: "text", text: "x", cache_control: ephemeral })),
    };
    const result = validateRequest({ ...userRequest(), messages: roundTrip({ results: [nested] }) });
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining("Found 5") });
  });

  it("answers 400 to a body that is not JSON", async () => {
    const server = await startServer({ script: [] });
    const answer = await rawPost(server, "{not json");
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error.message).toMatch(/^The request body is not valid JSON/);
  });

  it("answers 400 without an anthropic-version header", async () => {
    const server = await startServer({ script: [] });
    const answer = await rawPost(server, userRequest(), { "anthropic-version": "" });
    expect(JSON.parse(answer.text).error.message).toBe("anthropic-version: header is required");
  });
});
