import { createMemoryBackend, findScenario, runScenario, type SupportBackend } from "@keel/support-desk";
import { holdInTicket } from "@keel/support-desk/internal";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, describe, expect, it } from "vitest";
import { KeelMcpConfigError } from "./config-error.js";
import type { KeelHttpServer } from "./http.js";
import { supervisorToolset } from "./supervisor-tools.js";
import { supportSurface } from "./support-surface.js";
import { startTestHttpServer } from "./testing/http-server.test-helpers.js";

const AGENT = "supervisor-test-agent-token-0123";
const SUPERVISOR = "supervisor-test-supervisor-token";
const APPROVAL_KEY = "supervisor-test-approval-key-0123456789abcdef";

let server: KeelHttpServer | undefined;
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  await server?.close();
  server = undefined;
});

async function start(backend: SupportBackend): Promise<KeelHttpServer> {
  const supervisorTools = supervisorToolset(
    backend,
    { KEEL_MCP_SUPERVISOR_TOKEN: SUPERVISOR, KEEL_APPROVAL_KEY: APPROVAL_KEY },
    { kind: "memory" },
  );
  server = await startTestHttpServer({
    ...supportSurface(backend, "stateless"),
    ...(supervisorTools ? { supervisorTools } : {}),
    agentToken: AGENT,
    supervisorToken: SUPERVISOR,
  });
  return server;
}

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: "supervisor-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

/** A $750 refund held for approval in a ticket, the order's refunds before it, and a supervisor connected. */
async function supervisorWithHeldRefund() {
  const backend = createMemoryBackend();
  const scenario = findScenario("high-value-refund");
  if (scenario === undefined) throw new Error("no high-value-refund scenario");
  const result = await runScenario(scenario, { backend, agent: { refundLimitMode: "hold" } });
  expect(result.status).toBe("awaiting_approval");
  const ticketId = (await holdInTicket(backend, result)).id;
  const refundsBefore = await backend.listRefunds("ORD-1002");
  const { url } = await start(backend);
  return { backend, ticketId, refundsBefore, supervisor: await connect(url, SUPERVISOR) };
}

const decide = (client: Client, decision: Record<string, unknown>) =>
  client.callTool({ name: "decide_approval", arguments: decision });

const textOf = (result: Record<string, unknown>) =>
  ((result.content as Array<{ text?: string }> | undefined) ?? []).map((block) => block.text ?? "").join("");

describe("the supervisor role over MCP", () => {
  it("shows the approval tools to the supervisor token only; the agent never sees or calls them", async () => {
    const backend = createMemoryBackend();
    const { url } = await start(backend);
    const agent = await connect(url, AGENT);
    const agentTools = (await agent.listTools()).tools.map((tool) => tool.name);
    expect(agentTools).toContain("process_refund");
    expect(agentTools).not.toContain("decide_approval");
    expect(agentTools).not.toContain("list_pending_approvals");
    const forged = await decide(agent, { ticket_id: "T-1001", decision: "approve" });
    expect(forged.isError).toBe(true);
    expect(textOf(forged)).toContain("UNKNOWN_TOOL");

    const supervisor = await connect(url, SUPERVISOR);
    const tools = (await supervisor.listTools()).tools;
    expect(tools.map((tool) => tool.name).sort()).toEqual(["decide_approval", "list_pending_approvals"]);
    expect(tools.find((tool) => tool.name === "decide_approval")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
  });

  it("lists a held refund, approves it once, pays it once however often the approval is repeated", async () => {
    const { backend, ticketId, refundsBefore, supervisor } = await supervisorWithHeldRefund();
    const listed = await supervisor.callTool({ name: "list_pending_approvals", arguments: {} });
    expect(listed.isError).toBeFalsy();
    const pending = (listed.structuredContent as { pending: Array<{ ticket_id: string; calls: unknown[] }> })
      .pending;
    expect(pending.map((entry) => entry.ticket_id)).toEqual([ticketId]);
    expect(pending[0]?.calls).toEqual([
      expect.objectContaining({ tool: "process_refund", input: expect.objectContaining({ amount: 750 }) }),
    ]);

    const approve = { ticket_id: ticketId, decision: "approve", note: "ok" };
    const first = await decide(supervisor, approve);
    expect(first.isError).toBeFalsy();
    expect(first.structuredContent).toMatchObject({
      ticket_id: ticketId,
      decision: "approved: ok",
      repeated: false,
      status: "completed",
    });
    expect(String((first.structuredContent as { answer: string }).answer)).toMatch(/approved your refund/);
    const second = await decide(supervisor, approve);
    expect(second.structuredContent).toMatchObject({ repeated: true, status: "completed" });

    const refunds = await backend.listRefunds("ORD-1002");
    if (refunds.kind !== "listed" || refundsBefore.kind !== "listed") throw new Error("store failed");
    expect(refunds.refunds.length - refundsBefore.refunds.length).toBe(1);
    expect(refunds.refunds.at(-1)?.amountCents).toBe(75_000);

    const contradicting = await decide(supervisor, {
      ticket_id: ticketId,
      decision: "reject",
      reason: "changed my mind",
    });
    expect(contradicting.isError).toBe(true);
    expect(textOf(contradicting)).toContain("ALREADY_DECIDED");
    const after = await supervisor.callTool({ name: "list_pending_approvals", arguments: {} });
    expect((after.structuredContent as { pending: unknown[] }).pending).toEqual([]);
  });

  it("rejects with a reason the customer is told, pays nothing, and refuses a rejection without one", async () => {
    const { backend, ticketId, refundsBefore, supervisor } = await supervisorWithHeldRefund();
    const bare = await decide(supervisor, { ticket_id: ticketId, decision: "reject" });
    expect(bare.isError).toBe(true);
    expect(textOf(bare)).toMatch(/INVALID_INPUT[\s\S]*reason/);
    const rejected = await decide(supervisor, {
      ticket_id: ticketId,
      decision: "reject",
      reason: "the order was already replaced",
    });
    expect(rejected.structuredContent).toMatchObject({
      decision: "rejected: the order was already replaced",
    });
    expect(String((rejected.structuredContent as { answer: string }).answer)).toContain(
      "the order was already replaced",
    );
    expect(await backend.listRefunds("ORD-1002")).toEqual(refundsBefore);
    const unknown = await decide(supervisor, { ticket_id: "T-9999", decision: "approve" });
    expect(textOf(unknown)).toContain("TICKET_NOT_HELD");
  });

  it("refuses to start half-configured: a supervisor token needs tools, the tools need a signing key", async () => {
    const backend = createMemoryBackend();
    await expect(
      startTestHttpServer({ ...supportSurface(backend, "stateless"), supervisorToken: SUPERVISOR }),
    ).rejects.toSatisfy(
      (error: unknown) => KeelMcpConfigError.isInstance(error) && error.code === "SUPERVISOR_TOOLS_MISSING",
    );
    expect(() =>
      supervisorToolset(
        backend,
        { KEEL_MCP_SUPERVISOR_TOKEN: SUPERVISOR, KEEL_APPROVAL_KEY: "short" },
        { kind: "memory" },
      ),
    ).toThrow(/KEEL_APPROVAL_KEY is shorter than 32 bytes/);
    expect(() =>
      supervisorToolset(
        backend,
        { KEEL_MCP_SUPERVISOR_TOKEN: SUPERVISOR },
        { kind: "postgres", databaseUrl: "postgres://x" },
      ),
    ).toThrow(/set KEEL_APPROVAL_KEY .* the same on each of them/);
    expect(
      supervisorToolset(backend, { KEEL_APPROVAL_KEY: APPROVAL_KEY }, { kind: "memory" }),
    ).toBeUndefined();
    await expect(
      startTestHttpServer({
        ...supportSurface(backend, "stateless"),
        agentToken: SUPERVISOR,
        supervisorToken: SUPERVISOR,
        supervisorTools: supportSurface(backend, "stateless").tools,
      }),
    ).rejects.toThrow(/KEEL_MCP_TOKEN and KEEL_MCP_SUPERVISOR_TOKEN are the same/);
  });
});
