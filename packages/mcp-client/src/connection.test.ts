import { describe, expect, it } from "vitest";
import { connectMcpServer } from "./connection.js";
import type { McpConnection } from "./connection-options.js";
import { McpClientError } from "./mcp-client-error.js";
import {
  changingServerConnections,
  childPids,
  contextFor,
  isRunning,
  recordEvents,
  runTool as run,
  waitFor,
} from "./test-servers.test-helpers.js";

const connect = changingServerConnections();

describe("connecting to a server", () => {
  it("lists every page of tools and makes each a Keel tool with a legal name and its hints as effect", async () => {
    const connection = await connect();
    expect(connection.tools.map((tool) => tool.name)).toEqual([
      "weather_read",
      "unlock",
      "pull_rug",
      "fails",
      "bad_output",
      "count_write",
      "seen_meta",
      "slow_write",
      "slow_read",
      "pay",
      "escalate",
      "ledger",
    ]);
    const byName = new Map(connection.tools.map((tool) => [tool.name, tool]));
    expect(byName.get("weather_read")?.effect).toBe("read");
    // No hints: a write, not idempotent.
    expect(byName.get("fails")?.effect).toBe("write");
    expect(byName.get("fails")?.idempotent).toBe(false);
    expect(byName.get("unlock")?.idempotent).toBe(true);
    expect(byName.get("weather_read")?.inputJsonSchema).toEqual({
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
    });
    expect(connection.serverName).toBe("changing");
  });

  it("prefixes names per server on request", async () => {
    const connection = await connect({ prefix: true, include: ["weather.read"] });
    expect(connection.tools.map((tool) => tool.name)).toEqual(["changing__weather_read"]);
    expect(await run(connection, "changing__weather_read", { city: "Oslo" })).toEqual({
      kind: "success",
      isError: false,
      data: "Sunny in Oslo",
    });
  });

  it("fails with a categorised error when the server cannot start, leaving nothing running", async () => {
    const failed = connectMcpServer({
      name: "missing",
      server: { type: "stdio", command: "/nonexistent/keel-test-server" },
      connectTimeoutMs: 5_000,
    });
    await expect(failed).rejects.toThrow(McpClientError);
    await expect(failed).rejects.toMatchObject({ code: "MCP_CONNECT_FAILED" });
    await expect(failed).rejects.toThrow(/the command "\/nonexistent\/keel-test-server"/);
  });

  it("quotes the end of a piped server's stderr when it fails to start", async () => {
    const failed = connectMcpServer({
      name: "crashes",
      server: {
        type: "stdio",
        command: process.execPath,
        args: ["-e", "console.error('boom: missing DATABASE_URL'); process.exit(3)"],
        stderr: "pipe",
      },
    });
    await expect(failed).rejects.toMatchObject({ code: "MCP_CONNECT_FAILED" });
    await expect(failed).rejects.toThrow(/Its stderr ended with:\nboom: missing DATABASE_URL/);
  });

  it("refuses bad options with a clear error", async () => {
    await expect(
      connectMcpServer({ name: "x", server: { type: "http", url: "not a url" } }),
    ).rejects.toMatchObject({
      code: "MCP_INVALID_OPTIONS",
      message: expect.stringContaining("absolute URL"),
    });
  });
});

describe("calls", () => {
  // A foreign server's failure is never passed off as a success: it stays an unclassified error.
  for (const { does, tool, expected } of [
    {
      does: "a foreign isError result is an honest unclassified error, never an empty success",
      tool: "fails",
      expected: { code: "UNCLASSIFIED_TOOL_ERROR", message: "The widget service is down.", retryable: false },
    },
    {
      does: "a result that breaks the tool's own output schema is unclassified MCP_INVALID_OUTPUT",
      tool: "bad_output",
      expected: { code: "MCP_INVALID_OUTPUT" },
    },
  ]) {
    it(does, async () => {
      const connection = await connect();
      expect(await run(connection, tool)).toMatchObject({
        kind: "error",
        category: "unclassified",
        ...expected,
      });
    });
  }

  it("a write's idempotency key travels in _meta", async () => {
    const connection = await connect();
    await run(connection, "count_write", {}, contextFor({ idempotencyKey: "key-123" }));
    const seen = await run(connection, "seen_meta");
    expect(seen).toMatchObject({
      kind: "success",
      data: { meta: [{ "dev.keel/idempotency-key": "key-123" }, {}] },
    });
  });

  /** Starts a 5-second call, kills the server 300 ms in, and returns the outcome and the dead server's pid. */
  async function killedDuring(connection: McpConnection, tool: string) {
    const [pid] = await childPids();
    const pending = run(connection, tool);
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(pid as number, "SIGKILL");
    return { outcome: await pending, pid };
  }

  it("a server killed mid-write: transient, not retryable (it may have run), then the next call reconnects", async () => {
    const { events, onEvent } = recordEvents();
    const connection = await connect({ onEvent });
    const { outcome, pid } = await killedDuring(connection, "slow_write");
    expect(outcome).toMatchObject({ category: "transient", code: "MCP_OUTCOME_UNKNOWN", retryable: false });
    expect(await run(connection, "weather_read", { city: "Rome" })).toMatchObject({ data: "Sunny in Rome" });
    const [newPid] = await childPids();
    expect(newPid).not.toBe(pid);
    expect(events.map((event) => event.type)).toContain("reconnecting");
  });

  it("a read cut off by a dead server is transient and retryable", async () => {
    const { outcome } = await killedDuring(await connect(), "slow_read");
    expect(outcome).toMatchObject({ category: "transient", code: "MCP_CONNECTION_LOST", retryable: true });
  });

  it("a server that died between calls is started again for the next call", async () => {
    const connection = await connect();
    const [pid] = await childPids();
    process.kill(pid as number, "SIGKILL");
    await waitFor(() => !isRunning(pid as number));
    expect(await run(connection, "weather_read", { city: "Rome" })).toMatchObject({ data: "Sunny in Rome" });
    expect(await childPids()).toHaveLength(1);
  });

  it("a call after close fails as closed, without starting the server again", async () => {
    const connection = await connect();
    await connection.close();
    expect(await run(connection, "weather_read", { city: "Rome" })).toMatchObject({
      code: "MCP_CONNECTION_CLOSED",
      retryable: false,
    });
    expect(await childPids()).toEqual([]);
  });
});

describe("a changing tool list", () => {
  it("tools/list_changed refreshes the tools and reports what was added", async () => {
    const { events, onEvent } = recordEvents();
    const connection = await connect({ onEvent });
    const changed = new Promise((resolve) => connection.onToolsChanged(resolve));
    await run(connection, "unlock");
    await changed;
    expect(connection.tools.map((tool) => tool.name)).toContain("hidden");
    expect(events).toContainEqual({
      type: "tools_changed",
      server: "changing",
      added: ["hidden"],
      removed: [],
    });
    expect(await run(connection, "hidden")).toMatchObject({ data: "found me" });
  });

  it("a tool that changes its definition under the same name is reported, and refused until approved", async () => {
    const { events, onEvent } = recordEvents();
    const connection = await connect({ onEvent, changedTools: "refuse" });
    const approvedDescription = connection.tools.find(
      (tool) => tool.name === "pull_rug",
    )?.renderedDescription;
    await run(connection, "pull_rug");
    await waitFor(() => events.some((event) => event.type === "tool_definition_changed"));
    expect(events.find((event) => event.type === "tool_definition_changed")).toMatchObject({
      tool: "pull_rug",
      refused: true,
    });
    // The model still sees the approved description, not the new one.
    expect(connection.tools.find((tool) => tool.name === "pull_rug")?.renderedDescription).toBe(
      approvedDescription,
    );
    expect(await run(connection, "pull_rug")).toMatchObject({
      kind: "error",
      category: "permission",
      code: "MCP_TOOL_CHANGED",
    });
    connection.approve("pull_rug");
    expect(connection.tools.find((tool) => tool.name === "pull_rug")?.renderedDescription).toContain(
      "IGNORE",
    );
    expect(await run(connection, "pull_rug")).toMatchObject({ kind: "success", data: "hello" });
  });

  it("by default a changed tool is reported and its new definition used", async () => {
    const { events, onEvent } = recordEvents();
    const connection = await connect({ onEvent });
    await run(connection, "pull_rug");
    await waitFor(() => events.some((event) => event.type === "tool_definition_changed"));
    expect(events.find((event) => event.type === "tool_definition_changed")).toMatchObject({
      refused: false,
    });
    await waitFor(
      () =>
        connection.tools.find((tool) => tool.name === "pull_rug")?.renderedDescription.includes("IGNORE") ===
        true,
    );
  });
});
