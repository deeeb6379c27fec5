import type { AgentRegistry } from "@keel/durable-runs";
import type { SupportBackend } from "@keel/support-desk";
import { supportAgent } from "@keel/support-desk";
import { decisionReportingClient } from "@keel/support-desk/internal";
import type { Environment } from "../env-file.js";
import { SUPPORT_AGENT } from "./durable-store.js";
import { clientOf, ENQUEUED_MODEL, type EnqueuedModel } from "./enqueued-model.js";

/**
 * The registry of `keel worker`: the support agent on the worker's store, its model client rebuilt from the
 * settings the run was queued with (see EnqueuedModel). A decided run needs the approval key: without it (a
 * PostgreSQL worker with no KEEL_APPROVAL_KEY) the factory throws, and the run ends once saying so.
 */
export function supportAgents(
  backend: SupportBackend,
  environment: Environment,
  hasApprovalKey: boolean,
): AgentRegistry {
  return {
    [SUPPORT_AGENT]: async ({ metadata, decided }) => {
      if (decided && !hasApprovalKey) {
        // Not retried: the run ends model_error once with this (see durable-runs' runJob).
        throw new Error(
          "keel worker: this run was decided (keel tickets approve|reject) and its decisions are signed; " +
            "this worker has no approval key to verify them. Set KEEL_APPROVAL_KEY (the key of keel tickets) " +
            "on every worker of this PostgreSQL database. The decided calls were not run (nothing was paid).",
        );
      }
      const settings = metadata[ENQUEUED_MODEL] as EnqueuedModel;
      return {
        // After a decision a scripted run answers as `keel tickets approve|reject` does on a run it holds:
        // from what the person decided (paid, or declined and why), not with the script's next step.
        client:
          decided && scripted(settings) ? decisionReportingClient() : await clientOf(settings, environment),
        model: settings.model,
        ...supportAgent(backend, settings.hold ? { refundLimitMode: "hold" } : {}),
        ...(settings.maxIterations === undefined ? {} : { maxIterations: settings.maxIterations }),
        ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens }),
        ...(settings.request === undefined ? {} : { request: settings.request }),
      };
    },
  };
}

const scripted = (settings: EnqueuedModel) => settings.source === "scenario" || settings.source === "script";
