import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectMcpServer } from "./connection.js";
import type { McpConnection } from "./connection-options.js";
import { ELICITATION_CAPABILITIES } from "./elicitation.js";
import type { McpServerConfig } from "./server-config.js";
import {
  childPids,
  contextFor,
  everythingStdio,
  recordEvents,
  startEverythingHttp,
  waitFor,
} from "./test-servers.test-helpers.js";

// @modelcontextprotocol/server-everything, from the npm registry: a server nobody here wrote.

/** The server's own listing, read with the SDK's client directly (declaring what Keel's client declares). */
async function rawListing(): Promise<McpTool[]> {
  const client = new Client({ name: "raw", version: "1.0.0" }, { capabilities: ELICITATION_CAPABILITIES });
  await client.connect(
    new StdioClientTransport({ ...everythingStdio, args: [...(everythingStdio.args ?? [])] }),
  );
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

const open: McpConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

let http: Awaited<ReturnType<typeof startEverythingHttp>>;
beforeAll(async () => {
  http = await startEverythingHttp();
});
afterAll(async () => {
  await http?.stop();
  expect(await childPids()).toEqual([]);
});

const transports: Array<[string, () => McpServerConfig]> = [
  ["stdio", () => everythingStdio],
  ["Streamable HTTP", () => ({ type: "http", url: http.url })],
];

describe.each(transports)("server-everything over %s", (_label, server) => {
  async function connect(onEvent?: Parameters<typeof connectMcpServer>[0]["onEvent"]) {
    const connection = await connectMcpServer({
      name: "everything",
      server: server(),
      ...(onEvent ? { onEvent } : {}),
    });
    open.push(connection);
    return connection;
  }
  const tool = (connection: McpConnection, name: string) => {
    const found = connection.tools.find((candidate) => candidate.name === name);
    if (found === undefined) throw new Error(`no tool ${name}`);
    return found;
  };

  it("lists and converts every tool the server lists (a task-only tool is reported and left out)", async () => {
    const { events, onEvent } = recordEvents();
    const connection = await connect(onEvent);
    const raw = await rawListing();
    const taskOnly = raw
      .filter((entry) => entry.execution?.taskSupport === "required")
      .map((entry) => entry.name);
    const expected = raw.map((entry) => entry.name).filter((name) => !taskOnly.includes(name));
    expect(connection.tools.map((entry) => entry.name).sort()).toEqual(expected.sort());
    expect(
      events.filter((event) => event.type === "tool_skipped").map((event) => "tool" in event && event.tool),
    ).toEqual(taskOnly);
    for (const entry of raw.filter((candidate) => !taskOnly.includes(candidate.name))) {
      const converted = tool(connection, entry.name);
      expect(converted.effect).toBe(entry.annotations?.readOnlyHint === true ? "read" : "write");
      const { $schema: _dropped, ...sent } = entry.inputSchema as Record<string, unknown>;
      expect(converted.inputJsonSchema).toEqual(sent);
      expect(converted.renderedDescription).toBe(entry.description);
    }
  });

  it("follows the server's notifications/tools/list_changed (it registers more tools once initialised)", async () => {
    if (server().type !== "stdio") return; // over HTTP the notification rides a stream that may open later
    const { events, onEvent } = recordEvents();
    const connection = await connect(onEvent);
    await waitFor(() => events.some((event) => event.type === "list_changed"));
    // The list is read again after the notification: what the server lists now is what the loop gets.
    await waitFor(async () => {
      const listed = (await rawListing()).filter((entry) => entry.execution?.taskSupport !== "required");
      const names = (list: readonly string[]) => JSON.stringify([...list].sort());
      return names(connection.tools.map((entry) => entry.name)) === names(listed.map((entry) => entry.name));
    });
  });

  it("a call with valid input succeeds", async () => {
    const connection = await connect();
    expect(await tool(connection, "echo").handler({ message: "hello" }, contextFor())).toEqual({
      kind: "success",
      isError: false,
      data: "Echo: hello",
    });
    expect(await tool(connection, "get-sum").handler({ a: 2, b: 3 }, contextFor())).toMatchObject({
      kind: "success",
      data: expect.stringContaining("5"),
    });
  });

  it("structured content comes back as the data", async () => {
    const connection = await connect();
    expect(
      await tool(connection, "get-structured-content").handler({ location: "Chicago" }, contextFor()),
    ).toMatchObject({
      kind: "success",
      data: { temperature: expect.any(Number), conditions: expect.any(String) },
    });
  });

  it("an image comes back as an image block for the model, not as text", async () => {
    const connection = await connect();
    const outcome = await tool(connection, "get-tiny-image").handler({}, contextFor());
    expect(outcome).toMatchObject({
      kind: "success",
      content: [
        { type: "image", source: { type: "base64", media_type: "image/png", data: expect.any(String) } },
      ],
    });
  });

  it("invalid input is a validation outcome naming the field", async () => {
    const connection = await connect();
    const { createToolset } = await import("@keel/tools");
    const toolset = createToolset(connection.tools);
    const checked = toolset.validate({ id: "t", name: "get-sum", input: { a: "two", b: 3 } });
    const outcome = checked.ok
      ? await toolset.run(checked.tool, checked.input, contextFor())
      : checked.outcome;
    expect(checked.ok).toBe(false);
    expect(outcome).toMatchObject({ kind: "error", category: "validation", code: "INVALID_INPUT" });
    expect(outcome.isError && outcome.message).toContain('- a: must be a number, got the string "two"');
  });
});

describe("server-everything over Streamable HTTP, restarted", () => {
  it("a session the restarted server forgot is re-initialised once, transparently", async () => {
    const own = await startEverythingHttp();
    const { events, onEvent } = recordEvents();
    const connection = await connectMcpServer({
      name: "everything",
      server: { type: "http", url: own.url },
      onEvent,
    });
    open.push(connection);
    const echo = connection.tools.find((entry) => entry.name === "echo");
    expect(await echo?.handler({ message: "one" }, contextFor())).toMatchObject({ data: "Echo: one" });
    await own.stop();
    const restarted = await startEverythingHttp.onPort(own.port);
    try {
      expect(await echo?.handler({ message: "two" }, contextFor())).toMatchObject({ data: "Echo: two" });
      expect(events.map((event) => event.type)).toContain("session_reinitialized");
    } finally {
      await connection.close();
      await restarted.stop();
    }
  });

  it("a server that is down is a transient outcome, and the next call after it is back succeeds", async () => {
    const own = await startEverythingHttp();
    const connection = await connectMcpServer({ name: "everything", server: { type: "http", url: own.url } });
    open.push(connection);
    const echo = connection.tools.find((entry) => entry.name === "echo");
    await own.stop();
    expect(await echo?.handler({ message: "x" }, contextFor())).toMatchObject({
      kind: "error",
      category: "transient",
      retryable: true,
    });
    const restarted = await startEverythingHttp.onPort(own.port);
    try {
      expect(await echo?.handler({ message: "back" }, contextFor())).toMatchObject({ data: "Echo: back" });
    } finally {
      await connection.close();
      await restarted.stop();
    }
  });
});

describe("server-everything over stdio, killed", () => {
  it("killed mid-call: a transient outcome, then the server is started again", async () => {
    const connection = await connectMcpServer({ name: "everything", server: everythingStdio });
    open.push(connection);
    const long = connection.tools.find((entry) => entry.name === "trigger-long-running-operation");
    const pending = long?.handler({ duration: 5, steps: 5 }, contextFor());
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = await childPids();
    for (const pid of before) process.kill(pid, "SIGKILL");
    expect(await pending).toMatchObject({ kind: "error", category: "transient" });
    const echo = connection.tools.find((entry) => entry.name === "echo");
    expect(await echo?.handler({ message: "again" }, contextFor())).toMatchObject({ data: "Echo: again" });
    const after = await childPids();
    expect(after).toHaveLength(1);
    expect(before).not.toContain(after[0]);
  });
});
