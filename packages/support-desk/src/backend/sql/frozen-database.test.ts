import { connect, createServer, type Server, type Socket } from "node:net";
import { resolveToolCall, toolRetryPolicy } from "@keel/tool-call";
import { createToolset } from "@keel/tools";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createSupportHooks } from "../../hooks/create-support-hooks.js";
import { createSupportTools } from "../../tools/create-support-tools.js";
import { hookContext } from "../../tools/tool-context.test-helpers.js";
import { createSqlBackend } from "./sql-backend.js";

/**
 * A PostgreSQL that stops answering (frozen, or cut off) mid-run, between the store and a real server: a
 * TCP relay on 127.0.0.1 that can stop passing bytes. Every call must end quickly as a transient store
 * failure — never HOOK_FAILED, never an empty answer — and work again once the server answers.
 */
const databaseUrl = process.env.DATABASE_URL;

/** A relay to `target` whose traffic can be held (bytes kept back) and released. */
function relay(target: URL) {
  let frozen = false;
  const held: Array<() => void> = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    const pass = (from: Socket, to: Socket) =>
      from.on("data", (chunk) => (frozen ? held.push(() => to.write(chunk)) : to.write(chunk)));
    pass(client, upstream);
    pass(upstream, client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
      ),
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const release of held.splice(0)) release();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Collects what a socket receives; `until` resolves once it holds `text`. */
function received(socket: Socket) {
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk.toString();
  });
  return {
    get text() {
      return text;
    },
    until: (expected: string) =>
      new Promise<void>((resolve) => {
        const check = () => (text.includes(expected) ? resolve() : setTimeout(check, 5));
        check();
      }),
  };
}

// The relay the PostgreSQL test depends on, checked without PostgreSQL: against a local echo server.
describe("the freezing relay", () => {
  it("passes bytes both ways, holds them while frozen and delivers them in order when thawed", async () => {
    const echo = createServer((socket) => socket.pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    const proxy = relay(new URL(`tcp://127.0.0.1:${(echo.address() as { port: number }).port}`));
    const client = connect(await proxy.listen(), "127.0.0.1");
    try {
      const reply = received(client);
      client.write("one;");
      await reply.until("one;");
      proxy.freeze();
      client.write("two;");
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reply.text).toBe("one;");
      proxy.thaw();
      await reply.until("two;");
      expect(reply.text).toBe("one;two;");
    } finally {
      client.destroy();
      await proxy.close();
      await new Promise<void>((resolve) => echo.close(() => resolve()));
    }
  });
});

// Registered only when a PostgreSQL is configured (CI sets DATABASE_URL): never a skipped test.
if (databaseUrl) {
  describe("a PostgreSQL that stops answering", () => {
    const schema = `keel_frozen_${process.pid}_${Date.now().toString(36)}`;
    const target = new URL(databaseUrl);
    const proxy = relay(target);
    afterAll(async () => {
      await proxy.close();
      const pool = new pg.Pool({ connectionString: databaseUrl });
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    });

    it("answers every call as a transient store failure within the hook's limit, then recovers", async () => {
      const port = await proxy.listen();
      const through = new URL(databaseUrl);
      through.hostname = "127.0.0.1";
      through.port = String(port);
      const backend = await createSqlBackend({ databaseUrl: through.toString(), schema });
      try {
        const toolset = createToolset(createSupportTools(backend));
        const hooks = createSupportHooks(backend);
        const call = (name: string, input: unknown) =>
          resolveToolCall(
            { id: "toolu_1", name, input },
            {
              toolset,
              preHooks: hooks.pre.filter((hook) => hook.name !== "verified-customer"),
              postHooks: hooks.post,
              // One attempt: this measures the store's own limits, not the tool-call retries around them.
              retry: toolRetryPolicy({ maxAttempts: 1 }),
              context: hookContext({ runId: "run-frozen", metadata: { role: "agent" } }),
            },
          );
        expect((await call("lookup_order", { order_id: "ORD-1001" })).outcome).toMatchObject({
          kind: "success",
        });

        proxy.freeze();
        const started = performance.now();
        const [refund, lookup] = await Promise.all([
          call("process_refund", {
            customer_id: "C-1001",
            order_id: "ORD-1001",
            amount: 10,
            reason: "Chipped",
          }),
          call("lookup_order", { order_id: "ORD-1002" }),
        ]);
        const elapsed = performance.now() - started;
        for (const { outcome } of [refund, lookup]) {
          expect(outcome).toMatchObject({ kind: "error", category: "transient", retryable: true });
          expect(outcome.kind === "error" ? outcome.code : "").not.toBe("HOOK_FAILED");
        }
        expect(elapsed).toBeLessThan(5_000);

        proxy.thaw();
        let recovered = await call("lookup_order", { order_id: "ORD-1001" });
        for (let attempt = 0; attempt < 10 && recovered.outcome.kind !== "success"; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 300));
          recovered = await call("lookup_order", { order_id: "ORD-1001" });
        }
        expect(recovered.outcome).toMatchObject({ kind: "success" });
      } finally {
        await backend.close();
      }
    });
  });
}
