import { runAgent, ScriptedClient } from "@keel/loop";
import { createMemoryBackend, findScenario, runScenario, supportAgent } from "@keel/support-desk";
import { describe, expect, it } from "vitest";
import { scenarioChecks } from "./scenario-checks.js";
import { ticketRow } from "./store-facts.js";

const highValue = findScenario("high-value-refund")!;
const noChanges = { newRefunds: [], newTickets: [] };

describe("scenarioChecks", () => {
  it("passes a $750 run through the real hooks", async () => {
    const backend = createMemoryBackend();
    const result = await runScenario(highValue, { backend });
    const tickets = await backend.listTickets({ status: "open" });
    const newTickets = tickets.kind === "listed" ? tickets.tickets.map(ticketRow) : [];
    const checks = scenarioChecks(highValue, result, { newRefunds: [], newTickets });
    expect(checks.filter((check) => !check.passed)).toEqual([]);
  });

  it("fails a $750 run whose process_refund ran because no hook stood in the way", async () => {
    const backend = createMemoryBackend();
    const agent = supportAgent(backend);
    const result = await runAgent({
      ...agent,
      hooks: { pre: [], post: agent.hooks.post },
      client: new ScriptedClient(highValue.responses),
      model: "claude-sonnet-4-5",
      prompt: highValue.request,
    });
    const failed = scenarioChecks(highValue, result, noChanges)
      .filter((check) => !check.passed)
      .map((check) => check.name);
    expect(failed).toContain("process_refund never executed");
    expect(failed).toContain("the refund-limit hook redirected process_refund to escalate_to_human");
    expect(failed).toContain("one open refund_over_limit ticket holds the $750 process_refund");
  });
});
