import { describe, expect, it } from "vitest";
import { messageResponse, TestkitConfigError, textResponse, toolUseResponse } from "./index.js";

describe("response builders", () => {
  it("builds a text response in the API's shape with a msg_ id", () => {
    expect(textResponse("Hello.")).toEqual({
      id: expect.stringMatching(/^msg_01[0-9A-Za-z]{22}$/),
      type: "message",
      role: "assistant",
      content: [{ type: "text", text: "Hello." }],
      stop_reason: "end_turn",
      stop_sequence: null,
    });
  });

  it("builds tool calls in order after an optional text, with toolu_ ids unless given", () => {
    const response = toolUseResponse(
      [
        { name: "get_weather", input: { city: "Paris" } },
        { name: "get_time", input: {}, id: "toolu_01Given" },
      ],
      { text: "Checking both." },
    );
    expect(response.stop_reason).toBe("tool_use");
    expect(response.content).toEqual([
      { type: "text", text: "Checking both." },
      {
        type: "tool_use",
        id: expect.stringMatching(/^toolu_01[0-9A-Za-z]{22}$/),
        name: "get_weather",
        input: { city: "Paris" },
      },
      { type: "tool_use", id: "toolu_01Given", name: "get_time", input: {} },
    ]);
  });

  it("gives every generated id once", () => {
    const ids = new Set(Array.from({ length: 200 }, () => textResponse("x").id));
    expect(ids.size).toBe(200);
  });

  it("keeps model and usage unset so the server fills them per request", () => {
    const response = textResponse("x");
    expect(response).not.toHaveProperty("model");
    expect(response).not.toHaveProperty("usage");
  });

  it("passes stop reason, stop sequence and usage options through", () => {
    const response = textResponse("x", {
      stopReason: "stop_sequence",
      stopSequence: "###",
      usage: { output_tokens: 3 },
    });
    expect(response).toMatchObject({
      stop_reason: "stop_sequence",
      stop_sequence: "###",
      usage: { output_tokens: 3 },
    });
  });

  it("fills a missing tool_use id and infers stop_reason in messageResponse", () => {
    const response = messageResponse({ content: [{ type: "tool_use", name: "lookup", input: { id: 1 } }] });
    expect(response.stop_reason).toBe("tool_use");
    expect(response.content[0]).toMatchObject({ id: expect.stringMatching(/^toolu_01/) });
  });

  it("keeps an explicit null stop_reason in messageResponse", () => {
    expect(messageResponse({ content: [], stop_reason: null }).stop_reason).toBeNull();
  });

  it("rejects a tool call list that is empty", () => {
    expect(() => toolUseResponse([])).toThrow(TestkitConfigError);
  });

  it("marks its errors so they are recognised across copies of the package", () => {
    let caught: unknown;
    try {
      toolUseResponse([]);
    } catch (error) {
      caught = error;
    }
    expect(TestkitConfigError.isInstance(caught)).toBe(true);
    expect(TestkitConfigError.isInstance(new Error("plain"))).toBe(false);
  });
});
