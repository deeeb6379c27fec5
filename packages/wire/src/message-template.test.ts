import { describe, expect, it } from "vitest";
import { completeMessage, findMessageProblem } from "./message-template.js";
import type { MessageTemplate } from "./messages.js";

const fill = {
  model: "claude-request-model",
  id: "msg_filled",
  usage: { input_tokens: 11, output_tokens: 0 },
  toolUseId: (index: number) => `toolu_filled_${index}`,
};

describe("completeMessage", () => {
  it("fills what a template leaves out and infers tool_use from its blocks", () => {
    const template: MessageTemplate = {
      content: [
        { type: "text", text: "Checking." },
        { type: "tool_use", name: "lookup_order", input: { order_id: "A1" } },
      ],
    };
    const message = completeMessage(template, fill);
    expect(message).toEqual({
      id: "msg_filled",
      type: "message",
      role: "assistant",
      model: "claude-request-model",
      content: [
        { type: "text", text: "Checking." },
        { type: "tool_use", id: "toolu_filled_1", name: "lookup_order", input: { order_id: "A1" } },
      ],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 11, output_tokens: 0 },
    });
    expect(template.content[1]).not.toHaveProperty("id");
    expect(message.content[0]).toBe(template.content[0]);
  });

  it("keeps the template's own fields, including ones it does not know, after the standard ones", () => {
    const message = completeMessage(
      {
        content: [{ type: "text", text: "Done." }],
        stop_reason: "max_tokens",
        usage: { output_tokens: 9 },
        container: { id: "container_1" },
        model: "claude-pinned",
      },
      fill,
    );
    expect(message.stop_reason).toBe("max_tokens");
    expect(message.model).toBe("claude-pinned");
    expect(message.usage).toEqual({ input_tokens: 11, output_tokens: 9 });
    expect(Object.keys(message).at(-1)).toBe("container");
  });

  it("keeps a null stop_reason (a paused or streamed-in-progress message) rather than inferring one", () => {
    expect(completeMessage({ content: [], stop_reason: null }, fill).stop_reason).toBeNull();
    expect(completeMessage({ content: [] }, fill).stop_reason).toBe("end_turn");
  });
});

describe("findMessageProblem", () => {
  it.each([
    [null, "at: expected a Message object, got null"],
    [{ content: "hi" }, 'at.content: expected an array of content blocks, got "hi"'],
    [{ content: [], type: "error" }, 'at.type: expected "message", got "error"'],
    [{ content: [], stop_reason: "done" }, "at.stop_reason: expected one of end_turn, tool_use"],
    [{ content: [], usage: { input_tokens: "5" } }, 'at.usage.input_tokens: expected a number, got "5"'],
    [{ content: [{ text: "x" }] }, 'at.content[0]: expected a content block with a string "type"'],
    [{ content: [{ type: "text" }] }, 'at.content[0].text: a text block needs a string "text", got nothing'],
    [
      { content: [{ type: "tool_use", input: {} }] },
      'at.content[0].name: a tool_use block needs a string "name"',
    ],
    [
      { content: [{ type: "tool_use", name: "t", input: [] }] },
      'at.content[0].input: a tool_use block needs an object "input"',
    ],
  ])("names the first problem of %j", (value, expected) => {
    expect(findMessageProblem(value, "at")).toContain(expected);
  });

  it("accepts a newer stop reason and a hostile input when not strict: a model or API may send them", () => {
    const template = {
      content: [{ type: "tool_use", name: "lookup_order", input: "ORD-1001" }],
      stop_reason: "some_future_reason",
    };
    expect(findMessageProblem(template, "at")).toContain("at.stop_reason: expected one of");
    expect(findMessageProblem(template, "at", { strict: false })).toBeUndefined();
    expect(findMessageProblem({ ...template, stop_reason: 7 }, "at", { strict: false })).toContain(
      "at.stop_reason: expected one of",
    );
  });

  it("accepts a partial message and blocks it does not interpret", () => {
    const template = {
      content: [{ type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} }],
    };
    expect(findMessageProblem(template, "at")).toBeUndefined();
  });
});
