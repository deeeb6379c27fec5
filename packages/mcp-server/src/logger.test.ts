import { spawnSync } from "node:child_process";
import { PassThrough, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { SECRET_CORPUS } from "@keel/secrets/internal";
import { createMemoryBackend } from "@keel/support-desk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { parseCliArguments } from "./cli/arguments.js";
import { createStderrLogger, type Logger } from "./logger.js";
import { createKeelMcpServer } from "./server.js";
import { supportSurface } from "./support-surface.js";

const AT = new Date("2026-11-24T12:00:00.000Z");

function captured(options: Parameters<typeof createStderrLogger>[0] = {}) {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  return { logger: createStderrLogger({ ...options, stream, now: () => AT }), lines };
}

/** The credential itself ("Bearer x" → "x", a URL → its password), as the corpus's other tests read it. */
const CREDENTIALS = SECRET_CORPUS.map((secret) =>
  secret.replace(/^Bearer /, "").replace(/^[a-z]+:\/\/[^:]+:([^@]+)@.*$/s, "$1"),
);

describe("keel-mcp logs", () => {
  it.each(["text", "json"] as const)(
    "hold no secret of the shared corpus in %s lines, in the message or a field, at any level",
    async (format) => {
      const { logger, lines } = captured({ format });
      for (const secret of SECRET_CORPUS) {
        logger.error(`could not open the store: ${secret}`, { error: new Error(`refused ${secret}`) });
        logger.info("tools/call", { tool: secret, code: null });
      }
      await new Promise((resolve) => setImmediate(resolve));
      const written = lines.join("\n");
      expect(written).toContain("[REDACTED]");
      for (const credential of CREDENTIALS) {
        expect(
          written.includes(credential) || written.includes(JSON.stringify(credential).slice(1, -1)),
        ).toBe(false);
      }
    },
  );

  it("puts a timestamp and a level on every text line", async () => {
    const { logger, lines } = captured();
    logger.info("ready", { transport: "stdio" });
    logger.warn("degraded");
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      '2026-11-24T12:00:00.000Z keel-mcp info ready {"transport":"stdio"}',
      "2026-11-24T12:00:00.000Z keel-mcp warn degraded",
    ]);
  });

  it("writes one JSON object per line with --log-format json, and honours the level", async () => {
    const { logger, lines } = captured({ format: "json", level: "warn" });
    logger.info("dropped");
    logger.error("store failed", { error: new Error("connection refused") });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        time: "2026-11-24T12:00:00.000Z",
        level: "error",
        service: "keel-mcp",
        msg: "store failed",
        error: "connection refused",
      },
    ]);
  });

  it("writes the info lines of one event-loop turn in one write, and a warning after what is held", async () => {
    const writes: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        writes.push(chunk.toString("utf8"));
        done();
      },
    });
    const logger = createStderrLogger({ stream, now: () => AT });
    logger.info("tools/call", { tool: "a" });
    logger.info("tools/call", { tool: "b" });
    logger.info("tools/call", { tool: "c" });
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    expect(writes[0]?.split("\n").filter(Boolean)).toHaveLength(3);
    logger.info("tools/call", { tool: "d" });
    logger.error("store failed");
    expect(writes.slice(1)).toEqual([
      '2026-11-24T12:00:00.000Z keel-mcp info tools/call {"tool":"d"}\n',
      "2026-11-24T12:00:00.000Z keel-mcp error store failed\n",
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(3);
  });

  it("writes the info lines it still holds when the process exits", () => {
    const logger = fileURLToPath(new URL("../dist/logger.js", import.meta.url));
    const script =
      `const { createStderrLogger } = await import(${JSON.stringify(logger)});` +
      'const log = createStderrLogger(); log.info("last words", { n: 1 }); process.exit(0);';
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.status).toBe(0);
    expect(child.stderr).toMatch(/keel-mcp info last words \{"n":1\}\n$/);
  });

  it("writes one line per tools/call with tool, outcome, code, timing — never the arguments", async () => {
    const events: Array<[string, Record<string, unknown>]> = [];
    const logger: Logger = {
      info: (message, fields = {}) => events.push([message, { ...fields }]),
      warn: (message, fields = {}) => events.push([message, { ...fields }]),
      error: (message, fields = {}) => events.push([message, { ...fields }]),
    };
    const surface = supportSurface(createMemoryBackend(), "stateless");
    const server = createKeelMcpServer({ tools: surface.tools, hooks: surface.hooks, logger });
    const client = new Client({ name: "log-test", version: "1.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      await client.callTool({ name: "get_customer_by_email", arguments: { email: "nobody@example.com" } });
      await client.callTool({ name: "lookup_order", arguments: { order_id: "ORD-1001" } });
    } finally {
      await client.close();
    }
    const calls = events.filter(([message]) => message === "tools/call").map(([, fields]) => fields);
    expect(calls).toEqual([
      expect.objectContaining({
        tool: "get_customer_by_email",
        outcome: "empty",
        code: "CUSTOMER_NOT_FOUND",
      }),
      expect.objectContaining({ tool: "lookup_order", outcome: "success", attempts: 1, role: "agent" }),
    ]);
    for (const call of calls) expect(typeof call.ms).toBe("number");
    expect(JSON.stringify(events)).not.toContain("nobody@example.com");
  });

  it("refuses an unknown --log-level or --log-format as a usage error", () => {
    expect(() => parseCliArguments(["--memory", "--log-level", "loud"], {}, "/")).toThrow(
      /--log-level must be one of info, warn, error, silent, got "loud"/,
    );
    expect(() => parseCliArguments(["--memory", "--log-format", "xml"], {}, "/")).toThrow(/--log-format/);
    expect(parseCliArguments(["--memory", "--log-format", "json"], {}, "/")).toMatchObject({
      kind: "stdio",
      log: { level: "info", format: "json" },
    });
  });
});
