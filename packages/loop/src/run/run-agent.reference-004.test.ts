import { toolError } from "@keel/errors";
import type { MessageParam } from "@keel/wire";
import { describe, expect, it } from "vitest";
import { FINAL_ANSWER_INSTRUCTION } from "./final-answer.js";
import { answer, reply, runScript, spyTool, text, toolUse } from "./run-fixtures.test-helpers.js";

const search = () => spyTool("search_course_content", "read");
const outline = () => spyTool("get_course_outline", "read");
const system = "You answer questions about courses. Use the tools.";

describe("reference 004: sequential tool rounds", () => {
  it("stops naturally after one round when the model answers", async () => {
    const { result } = await runScript(
      [
        reply([toolUse("t1", "get_course_outline", { course_name: "MCP" })]),
        answer("The instructor is John Doe."),
      ],
      { system, tools: [outline()], prompt: "Who teaches MCP?" },
    );
    expect(result.status).toBe("completed");
    expect(result.text).toBe("The instructor is John Doe.");
    expect(result.modelRequests).toBe(2);
    expect(result.iterations).toBe(1);
  });

  it("runs two sequential rounds with the tools available in both", async () => {
    const { client, result } = await runScript(
      [
        reply([toolUse("t1", "search_course_content", { query: "MCP" })]),
        reply([toolUse("t2", "get_course_outline", { course_name: "MCP" })]),
        answer("MCP is a protocol with 5 lessons."),
      ],
      { system, tools: [search(), outline()], prompt: "What is MCP and what lessons does it have?" },
    );
    expect(result.status).toBe("completed");
    expect(result.modelRequests).toBe(3);
    for (const request of client.requests) {
      expect(request.tools?.map((tool) => tool.name)).toEqual([
        "search_course_content",
        "get_course_outline",
      ]);
      expect(request.tool_choice).toBeUndefined();
    }
  });

  it("forces a final answer at the cap: tools kept, tool_choice none, instruction beside the results", async () => {
    const { client, result } = await runScript(
      [
        reply([toolUse("t1", "search_course_content", { query: "MCP overview" })]),
        reply([toolUse("t2", "search_course_content", { query: "MCP features" })]),
        answer("Based on the searches, MCP is a protocol."),
      ],
      { system, tools: [search()], prompt: "Tell me everything about MCP", maxIterations: 2 },
    );
    expect(result.status).toBe("max_iterations");
    expect(result.text).toBe("Based on the searches, MCP is a protocol.");
    expect(result.stopDetails?.limit).toBe("maxIterations");
    const final = client.requests[2]!;
    expect(final.tools?.map((tool) => tool.name)).toEqual(["search_course_content"]);
    expect(final.tool_choice).toEqual({ type: "none" });
    const lastTurn = final.messages.at(-1)!;
    expect(lastTurn.role).toBe("user");
    expect(lastTurn.content).toEqual([
      expect.objectContaining({ type: "tool_result", tool_use_id: "t2" }),
      expect.objectContaining({ type: "text", text: FINAL_ANSWER_INSTRUCTION }),
    ]);
  });

  it("accumulates the history: user, assistant tool_use, results, assistant tool_use, results, answer", async () => {
    const { client, result } = await runScript(
      [
        reply([text("Searching."), toolUse("t1", "search_course_content", { query: "MCP" })]),
        reply([toolUse("t2", "get_course_outline", { course_name: "MCP" })]),
        answer("Done."),
      ],
      { tools: [search(), outline()], prompt: "Explain MCP", cache: false },
    );
    const shape = (message: MessageParam) =>
      `${message.role}:${(message.content as Array<{ type: string }>).map((block) => block.type).join("+")}`;
    expect(result.messages.map(shape)).toEqual([
      "user:text",
      "assistant:text+tool_use",
      "user:tool_result",
      "assistant:tool_use",
      "user:tool_result",
      "assistant:text",
    ]);
    expect(client.requests[2]!.messages).toEqual(result.messages.slice(0, 5));
  });

  it("gives a tool error to the model as an is_error tool_result and keeps going", async () => {
    const broken = spyTool("search_course_content", "read", () => {
      throw new Error("database exploded at /srv/secret/path");
    });
    const { client, result } = await runScript(
      [
        reply([toolUse("t1", "search_course_content", { query: "MCP" })]),
        answer("I could not search right now."),
      ],
      { tools: [broken], prompt: "What is MCP?" },
    );
    expect(result.status).toBe("completed");
    const toolResult = (client.requests[1]!.messages[2]!.content as Array<Record<string, unknown>>)[0]!;
    expect(toolResult).toMatchObject({ type: "tool_result", tool_use_id: "t1", is_error: true });
    expect(String(toolResult.content)).not.toContain("/srv/secret/path");
    expect(result.toolCalls[0]).toMatchObject({
      isError: true,
      category: "unclassified",
      code: "TOOL_EXCEPTION",
    });
  });

  it("keeps a custom max_iterations configurable, one forced request after the last round", async () => {
    const looping = spyTool("search_course_content", "read", () =>
      toolError({ category: "validation", code: "NO_MATCH", message: "Try other words." }),
    );
    const { result } = await runScript(
      (_request, index) =>
        index < 3
          ? reply([toolUse(`t${index}`, "search_course_content", { query: `q${index}` })])
          : answer("ok"),
      { tools: [looping], prompt: "q", maxIterations: 3 },
    );
    expect(result.modelRequests).toBe(4);
    expect(result.iterations).toBe(3);
    expect(result.status).toBe("max_iterations");
  });
});
