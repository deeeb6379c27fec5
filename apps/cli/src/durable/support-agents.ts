import type { AgentRegistry } from "@keel/durable-runs";
import type { SupportBackend } from "@keel/support-desk";
import { supportAgent } from "@keel/support-desk";
import type { Environment } from "../env-file.js";
import { SUPPORT_AGENT } from "./durable-store.js";
import { clientOf, ENQUEUED_MODEL, type EnqueuedModel } from "./enqueued-model.js";

/**
 * The registry of `keel worker`: the support agent on the worker's store, its model client rebuilt from the
 * settings the run was queued with (see EnqueuedModel).
 */
export function supportAgents(backend: SupportBackend, environment: Environment): AgentRegistry {
  return {
    [SUPPORT_AGENT]: async ({ metadata }) => {
      const settings = metadata[ENQUEUED_MODEL] as EnqueuedModel;
      return {
        client: await clientOf(settings, environment),
        model: settings.model,
        ...supportAgent(backend, settings.hold ? { refundLimitMode: "hold" } : {}),
        ...(settings.maxIterations === undefined ? {} : { maxIterations: settings.maxIterations }),
        ...(settings.maxTokens === undefined ? {} : { maxTokens: settings.maxTokens }),
        ...(settings.request === undefined ? {} : { request: settings.request }),
      };
    },
  };
}
