import { startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import { inMemoryMemoryStore, memoryTool } from "@keel/tools/memory";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "../clients/anthropic-client.js";
import { runAgent } from "./run-agent.js";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const memory = (input: Record<string, unknown>) => ({ name: "memory", input });

describe("the memory tool in a run, against the fake API over HTTP", () => {
  it("is sent as memory_20250818 and its commands run through the tool-call path, view before the write it precedes", async () => {
    const api = await startFakeMessagesApi({
      script: [
        toolUseResponse([
          memory({ command: "view", path: "/memories" }),
          memory({ command: "create", path: "/memories/acme.md", file_text: "plan: pro\nseats: 5" }),
        ]),
        toolUseResponse([
          memory({
            command: "str_replace",
            path: "/memories/acme.md",
            old_str: "seats: 5",
            new_str: "seats: 8",
          }),
          memory({ command: "view", path: "/memories/../../etc/passwd" }),
        ]),
        toolUseResponse([memory({ command: "view", path: "/memories/acme.md" })]),
        textResponse("Acme has 8 seats."),
      ],
    });
    close = api.close;
    const store = inMemoryMemoryStore();
    const result = await runAgent({
      client: new AnthropicClient({ apiKey: "sk-ant-test", baseURL: api.url }),
      model: "claude-sonnet-5-5",
      tools: [memoryTool({ store })],
      prompt: "Acme now has 8 seats; remember it.",
    });

    expect(result.status).toBe("completed");
    expect(api.requests[0]!.body.tools).toEqual([
      { type: "memory_20250818", name: "memory", cache_control: { type: "ephemeral" } },
    ]);
    expect(api.requests[0]!.headers["anthropic-beta"]).toBeUndefined();
    const calls = result.toolCalls.map((call) => [
      (call.input as { command: string }).command,
      call.isError,
      call.code ?? null,
    ]);
    expect(calls).toEqual([
      ["view", false, null],
      ["create", false, null],
      ["str_replace", false, null],
      ["view", true, "MEMORY_PATH_OUTSIDE_ROOT"],
      ["view", false, null],
    ]);
    // The view ran before the create the model placed after it: it saw an empty directory.
    expect(result.toolCalls[0]!.outcome).toMatchObject({
      kind: "success",
      data: expect.not.stringContaining("acme"),
    });
    expect(result.toolCalls[3]!.category).toBe("permission");
    expect(await store.read("acme.md")).toBe("plan: pro\nseats: 8");
    expect(JSON.stringify(api.requests[3]!.body.messages.at(-1))).toContain("2\\tseats: 8");
  });
});
