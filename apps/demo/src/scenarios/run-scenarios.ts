import type { RunResult } from "@keel/loop";
import { findScenario, runScenario, type SupportBackend } from "@keel/support-desk";
import type { Check } from "../checks.js";
import type { ScenarioReport } from "../demo-report.js";
import { demoClock, noSleep, sequentialIds } from "../deterministic.js";
import { type ScenarioChanges, scenarioChecks } from "./scenario-checks.js";
import { scenarioRounds } from "./scenario-rounds.js";
import { openTickets, refundRows } from "./store-facts.js";

/** The three scenarios of reference 000, in its order. */
export const DEMO_SCENARIOS = [
  { name: "low-value-refund", title: "a $50 refund is processed" },
  { name: "high-value-refund", title: "a $750 refund is redirected by the hook; process_refund never runs" },
  { name: "multi-intent", title: "account check + refund + 'a manager, please': escalate at once" },
] as const;

/**
 * Runs each scenario through the real runAgent, support tools, business hooks and the given store (one
 * store for all three, so its facts add up), and checks what the run and the store show afterwards.
 */
export async function runDemoScenarios(backend: SupportBackend): Promise<ScenarioReport[]> {
  const reports: ScenarioReport[] = [];
  for (const { name, title } of DEMO_SCENARIOS) {
    const scenario = findScenario(name);
    if (!scenario) throw new Error(`@keel/support-desk has no scenario named "${name}"`);
    const refundsBefore = await refundRows(backend);
    const ticketsBefore = await openTickets(backend);
    const result = await runScenario(scenario, {
      backend,
      agent: { now: demoClock },
      now: () => demoClock().getTime(),
      idGenerator: sequentialIds(`demo_${name.replaceAll("-", "_")}`),
      sleep: noSleep,
      random: () => 0.5,
    });
    const changes: ScenarioChanges = {
      newRefunds: (await refundRows(backend)).filter(
        (row) => !refundsBefore.some((before) => before.refundId === row.refundId),
      ),
      newTickets: (await openTickets(backend)).filter(
        (row) => !ticketsBefore.some((before) => before.ticketId === row.ticketId),
      ),
    };
    reports.push(report(name, title, scenario.request, result, scenarioChecks(scenario, result, changes)));
  }
  return reports;
}

function report(
  name: string,
  title: string,
  request: string,
  result: RunResult,
  checks: readonly Check[],
): ScenarioReport {
  return {
    name,
    title,
    request,
    status: result.status,
    rounds: scenarioRounds(result),
    text: result.text,
    iterations: result.iterations,
    modelRequests: result.modelRequests,
    checks,
  };
}
