import { createMemoryBackend } from "@keel/support-desk";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { describe, expect, it } from "vitest";
import { toCallToolResult } from "./call-result.js";
import { serveToolCall } from "./call-tool.js";
import { silentLogger } from "./logger.js";
import { createKeelMcpServer, KEEL_INSTRUCTIONS } from "./server.js";
import { supportSurface } from "./support-surface.js";
import { probeToolset } from "./testing/probe-tools.test-helpers.js";

const validator = new AjvJsonSchemaValidator();

describe("the tool catalog (the toolset's own MCP shape)", () => {
  it("lists exactly the toolset's mcpTools: one source of titles, schemas and annotations", async () => {
    const surface = supportSurface(createMemoryBackend(), "stateless");
    const server = createKeelMcpServer({ tools: surface.tools, hooks: surface.hooks, logger: silentLogger });
    const client = new Client({ name: "catalog-test", version: "1.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const listed = await client.listTools();
      expect(listed.tools).toEqual(JSON.parse(JSON.stringify(surface.tools.mcpTools)));
    } finally {
      await client.close();
    }
  });

  it("gives every support tool a title, and the client the server's instructions on the categories", async () => {
    const surface = supportSurface(createMemoryBackend(), "stateless");
    for (const tool of surface.tools.mcpTools) expect(tool.title, tool.name).toMatch(/^[A-Z][a-z]/);
    const server = createKeelMcpServer({ tools: surface.tools, logger: silentLogger });
    const client = new Client({ name: "catalog-test", version: "1.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const instructions = client.getInstructions() ?? "";
      expect(instructions).toBe(KEEL_INSTRUCTIONS);
      for (const category of ["transient", "validation", "business", "permission"])
        expect(instructions).toContain(category);
    } finally {
      await client.close();
    }
  });

  it("marks escalate_to_human as an additive, idempotent write", () => {
    const surface = supportSurface(createMemoryBackend(), "stateless");
    const escalate = surface.tools.mcpTools.find((tool) => tool.name === "escalate_to_human");
    expect(escalate?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
  });

  it("keeps a tool's declared output schema as the success branch", () => {
    const whoami = probeToolset().mcpTools.find((tool) => tool.name === "whoami");
    const check = validator.getValidator(whoami?.outputSchema ?? {});
    expect(check({ role: "agent", transport: "mcp" }).valid).toBe(true);
    expect(check({ role: 1 }).valid).toBe(false);
  });

  it("declares a real output schema for every support tool: its fields, not any object", () => {
    const surface = supportSurface(createMemoryBackend(), "stateless");
    for (const tool of surface.tools.mcpTools) {
      // The success branches, then the empty and redirect envelopes.
      const branches = (tool.outputSchema as { anyOf: Array<Record<string, unknown>> }).anyOf.slice(0, -2);
      expect(branches.length, tool.name).toBe(tool.name === "process_refund" ? 2 : 1);
      for (const branch of branches) {
        expect(Object.keys(branch.properties ?? {}).length, tool.name).toBeGreaterThanOrEqual(5);
        expect(branch.required, tool.name).toBeDefined();
      }
      // A result of another shape fails the client's check (the SDK's Client rejects it).
      expect(validator.getValidator(tool.outputSchema)({ unexpected: true }).valid, tool.name).toBe(false);
    }
  });

  it("declares output schemas that admit every non-error result of the support tools", async () => {
    const backend = createMemoryBackend();
    const surface = supportSurface(backend, "stateless");
    const schemas = new Map(surface.tools.mcpTools.map((tool) => [tool.name, tool.outputSchema]));
    const calls: [string, Record<string, unknown>][] = [
      ["get_customer_by_email", { email: "alice@example.com" }],
      ["get_customer_by_email", { email: "nobody@example.com" }],
      ["get_customer_by_id", { customer_id: "C-1002" }],
      ["lookup_order", { order_id: "ORD-1001" }],
      ["lookup_order", { order_id: "ORD-4040" }],
      ["process_refund", { customer_id: "C-1001", order_id: "ORD-1001", amount: 10, reason: "Chipped" }],
      [
        "process_refund",
        { customer_id: "C-1001", order_id: "ORD-1002", amount: 700, reason: "Broken machine" },
      ],
      ["escalate_to_human", { category: "customer_request", summary: "Customer wants to talk to a person." }],
      ["resolve_cap_basis", { customer_id: "C-1001", as_of: "2026-11-20" }],
      ["resolve_cap_basis", { customer_id: "C-1003", as_of: "2026-11-20" }],
    ];
    for (const [name, args] of calls) {
      const resolution = await serveToolCall(
        { toolset: surface.tools, hooks: surface.hooks, role: "agent" },
        {
          callId: "c",
          runId: "r",
          name,
          arguments: args,
          meta: undefined,
          signal: new AbortController().signal,
        },
      );
      const result = toCallToolResult(resolution.outcome);
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(false);
      const check = validator.getValidator(schemas.get(name) ?? {});
      expect(
        check(result.structuredContent).valid,
        `${name} ${JSON.stringify(result.structuredContent)}`,
      ).toBe(true);
    }
  });
});
