import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { throwawayDatabase } from "../throwaway-database.js";
import { callTool, healthStatus } from "./mcp-http.js";
import { type McpServerProcess, spawnMcpServer } from "./mcp-server-process.js";

/**
 * keel-mcp started while its PostgreSQL is down does not exit: it serves degraded (`/healthz` 503, every
 * call a transient store failure, never "not found") and recovers by itself once the database answers.
 */
const adminUrl = process.env.DATABASE_URL;

/** A free port on 127.0.0.1 with nothing listening yet. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Starts passing `port` through to the real PostgreSQL: the database "comes back". */
async function relay(port: number, target: URL): Promise<Server> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.on("close", () => {
    for (const socket of sockets) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return server;
}

if (adminUrl) {
  describe("keel-mcp with its database down at start-up", () => {
    const database = throwawayDatabase(adminUrl, "keel_degraded");
    let server: McpServerProcess | undefined;
    let comeBack: Server | undefined;
    afterAll(async () => {
      await server?.stop();
      await new Promise<void>((resolve) => (comeBack ? comeBack.close(() => resolve()) : resolve()));
      await database.drop();
    });

    it("starts degraded (/healthz 503, calls transient) and recovers when the database answers", async () => {
      await database.create();
      const port = await freePort();
      const target = new URL(adminUrl);
      const through = new URL(adminUrl);
      through.hostname = "127.0.0.1";
      through.port = String(port);
      through.pathname = `/${database.name}`;

      server = await spawnMcpServer({ databaseUrl: through.toString(), startTimeoutMs: 60_000 });
      expect(await healthStatus(server.healthUrl)).toBe(503);
      const down = await callTool(server.url, "lookup_order", { order_id: "ORD-1001" });
      expect(down).toMatchObject({ kind: "result", isError: true });
      expect(down.kind === "result" ? down.text : "").toMatch(/transient/);

      comeBack = await relay(port, target);
      let status = 0;
      for (let attempt = 0; attempt < 40 && status !== 200; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = await healthStatus(server.healthUrl);
      }
      expect(status).toBe(200);
      const up = await callTool(server.url, "lookup_order", { order_id: "ORD-1001" });
      expect(up).toMatchObject({ kind: "result", isError: false });
    }, 120_000);
  });
}
