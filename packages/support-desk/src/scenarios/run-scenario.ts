import { KeelConfigError } from "@keel/errors";
import { DEFAULT_MODEL, type RunOptions, type RunResult, runAgent, ScriptedClient } from "@keel/loop";
import type { FaultController } from "../backend/faults.js";
import type { SupportBackend } from "../backend/types.js";
import { type SupportAgentOptions, supportAgent } from "../support-agent.js";
import type { SupportScenario } from "./types.js";

/** Options of {@link runScenario}: the store, the agent's options, and any `runAgent` option except the conversation. */
export interface RunScenarioOptions
  extends Partial<Omit<RunOptions, "client" | "prompt" | "messages" | "tools" | "hooks" | "system">> {
  /** The store. The scenario's faults are staged on it, so it must offer `faults` when there are any. */
  readonly backend: SupportBackend & { readonly faults?: FaultController | undefined };
  /** Options of the support tools and hooks (refund limit, roles, fee service). */
  readonly agent?: SupportAgentOptions | undefined;
}

/**
 * Runs a scenario through the real `runAgent`: a ScriptedClient serving its responses, the support
 * agent over `backend`, the scenario's faults staged and its metadata passed. Other run options
 * (`sleep`, `onEvent`, `retry`, …) pass through. Throws KeelConfigError when faults cannot be staged.
 */
export async function runScenario(
  scenario: SupportScenario,
  options: RunScenarioOptions,
): Promise<RunResult> {
  const { backend, agent, ...runOptions } = options;
  const faults = backend.faults;
  if (scenario.faults.length > 0 && !faults) {
    throw new KeelConfigError(
      "SCENARIO_NEEDS_FAULTS",
      `runScenario: "${scenario.name}" stages faults, but the backend has no \`faults\` controller.`,
    );
  }
  faults?.stage(scenario.faults);
  return runAgent({
    model: DEFAULT_MODEL,
    metadata: scenario.metadata,
    ...runOptions,
    ...supportAgent(backend, agent),
    client: new ScriptedClient(scenario.responses),
    prompt: scenario.request,
  });
}
