import { KeelConfigError } from "@keel/errors";
import { type RunOptions, type RunResult, runAgent, ScriptedClient } from "@keel/loop";
import type { FaultController } from "../backend/faults.js";
import type { SupportBackend } from "../backend/types.js";
import { type SupportAgentOptions, supportAgent } from "../support-agent.js";
import type { SupportScenario } from "./types.js";

export interface RunScenarioOptions
  extends SupportAgentOptions,
    Partial<Omit<RunOptions, "client" | "prompt" | "messages" | "tools" | "hooks" | "system">> {
  /** The store; its staged faults are set from the scenario, so it must offer `faults` when the scenario has any. */
  readonly backend: SupportBackend & { readonly faults?: FaultController };
}

/**
 * Runs a scenario through the real `runAgent`: a ScriptedClient serving its responses, the support
 * agent over `backend`, the scenario's faults staged and its metadata passed. Other run options
 * (e.g. `sleep`, `onEvent`) pass through. Throws KeelConfigError when faults cannot be staged.
 */
export async function runScenario(
  scenario: SupportScenario,
  options: RunScenarioOptions,
): Promise<RunResult> {
  const { backend, refundLimit, refundRoles, defaultRole, feeService, now, ...runOptions } = options;
  if (scenario.faults.length > 0 && !backend.faults) {
    throw new KeelConfigError(
      "SCENARIO_NEEDS_FAULTS",
      `runScenario: "${scenario.name}" stages faults, but the backend has no \`faults\` controller.`,
    );
  }
  for (const fault of scenario.faults) {
    for (let time = 0; time < fault.times; time++) backend.faults?.next(fault.operation, fault.kind);
  }
  const agent = supportAgent(backend, {
    ...(refundLimit === undefined ? {} : { refundLimit }),
    ...(refundRoles === undefined ? {} : { refundRoles }),
    ...(defaultRole === undefined ? {} : { defaultRole }),
    ...(feeService === undefined ? {} : { feeService }),
    ...(now === undefined ? {} : { now }),
  });
  return runAgent({
    model: scenario.responses[0]?.model ?? "claude-sonnet-4-5",
    metadata: scenario.metadata,
    ...runOptions,
    ...agent,
    client: new ScriptedClient(scenario.responses),
    prompt: scenario.request,
  });
}
