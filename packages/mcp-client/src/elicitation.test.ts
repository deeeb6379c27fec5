import { afterEach, describe, expect, it } from "vitest";
import { connectMcpServer } from "./connection.js";
import type { McpConnection, McpConnectOptions } from "./connection-options.js";
import type { ElicitationRequest } from "./elicitation.js";
import { everythingStdio, recordEvents, runTool } from "./test-servers.test-helpers.js";

// @modelcontextprotocol/server-everything's trigger-elicitation-request asks for a form of 14 fields,
// `name` required, several with defaults, and quotes back what it got.

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

async function everything(options: Partial<McpConnectOptions>): Promise<McpConnection> {
  const connection = await connectMcpServer({ name: "everything", server: everythingStdio, ...options });
  open.push(connection);
  return connection;
}

function textOf(outcome: Awaited<ReturnType<typeof runTool>>): string {
  return JSON.stringify(outcome);
}

describe("elicitation", () => {
  it("passes the server's question to onElicit and sends back the answer with the schema's defaults", async () => {
    const asked: ElicitationRequest[] = [];
    const { events, onEvent } = recordEvents();
    const connection = await everything({
      onEvent,
      onElicit: (request) => {
        asked.push(request);
        return { action: "accept", content: { name: "Ada Lovelace" } };
      },
    });
    const outcome = await runTool(connection, "trigger-elicitation-request");
    expect(outcome.kind).toBe("success");
    expect(asked[0]?.message).toContain("Please provide inputs");
    expect(asked[0]?.requestedSchema.required).toEqual(["name"]);
    expect(textOf(outcome)).toContain("Ada Lovelace");
    // The defaults the person did not override were filled in (SEP-1034).
    expect(textOf(outcome)).toContain("It was a dark and stormy night.");
    expect(events).toContainEqual(expect.objectContaining({ type: "elicitation", action: "accept" }));
  });

  it("without onElicit, declines and ends the call as permission MCP_INPUT_REQUIRED (never transient), with guidance", async () => {
    const { events, onEvent } = recordEvents();
    const connection = await everything({ onEvent });
    const outcome = await runTool(connection, "trigger-elicitation-request");
    expect(outcome).toMatchObject({
      kind: "error",
      category: "permission",
      code: "MCP_INPUT_REQUIRED",
      retryable: false,
    });
    const message = outcome.kind === "error" ? outcome.message : "";
    expect(message).toContain('"trigger-elicitation-request" on the MCP server "everything" asked the user');
    expect(message).toContain("name");
    expect(message).toContain("Do not retry: tell the user");
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "elicitation",
        action: "decline",
        reason: "no onElicit handler: declined; the call ends as permission MCP_INPUT_REQUIRED",
      }),
    );
    // Only the call that asked: the next call of another tool is answered as usual.
    expect((await runTool(connection, "echo", { message: "hi" })).kind).toBe("success");
  });

  it("refuses an answer that breaks the requested schema, and never shows the values in events", async () => {
    const { events, onEvent } = recordEvents();
    const connection = await everything({
      onEvent,
      onElicit: () => ({ action: "accept", content: { name: "Ada", integer: 1000 } }),
    });
    const outcome = await runTool(connection, "trigger-elicitation-request");
    expect(outcome.kind).toBe("error");
    const event = events.find((candidate) => candidate.type === "elicitation");
    expect(event).toMatchObject({ action: "invalid" });
    expect(JSON.stringify(events)).not.toContain("Ada");
  });
});
