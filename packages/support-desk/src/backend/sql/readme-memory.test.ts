import { DEFAULT_MODEL, runAgent, ScriptedClient } from "@keel/loop";
import { memoryTool } from "@keel/tools/memory";
import { expect, it } from "vitest";
import { supportAgent } from "../../support-agent.js";
import { pgliteBackends } from "./sql-backends.test-helpers.js";

// The README opens its own with createSqlBackend(); the tests borrow a pooled PGlite (a start costs seconds).
const pglite = pgliteBackends();

it("runs the README's memory tool example: the note lands in the store, for that customer", async () => {
  const backend = await pglite();
  const support = supportAgent(backend, { memoryCustomerId: "C-1001" });
  const memory = memoryTool({ store: backend.memoryStore({ customerId: "C-1001" }) });
  const lookup = { email: "alice@example.com" };
  const note = { command: "create", path: "/memories/preferences.md", file_text: "contact: email" };
  const client = new ScriptedClient([
    { content: [{ type: "tool_use", id: "toolu_1", name: "get_customer_by_email", input: lookup }] },
    { content: [{ type: "tool_use", id: "toolu_2", name: "memory", input: note }] },
    { content: [{ type: "text", text: "Noted: email it is." }] },
  ]);
  const result = await runAgent({
    client,
    model: DEFAULT_MODEL,
    ...support,
    tools: [...support.tools, memory],
    prompt: "I'm alice@example.com: email me, please.",
  });
  expect(result.status).toBe("completed");
  expect(await backend.memoryStore({ customerId: "C-1001" }).read("preferences.md")).toBe("contact: email");
  expect(await backend.memoryStore({ customerId: "C-1002" }).kind("preferences.md")).toBeUndefined();
  await backend.close();
});
