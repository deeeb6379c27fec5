import { AnthropicClient } from "@keel/loop";
import type { SupportBackend } from "@keel/support-desk";
import {
  ApprovalKeyError,
  approvalKeyFor,
  createApprovalTools,
  decisionReportingClient,
} from "@keel/support-desk/internal";
import { createToolset, type Toolset } from "@keel/tools";
import { KeelMcpConfigError } from "./config-error.js";
import type { StoreSettings } from "./store.js";

/** The environment the supervisor tools read (the key is checked, never logged). */
export interface SupervisorEnvironment {
  readonly KEEL_MCP_SUPERVISOR_TOKEN?: string | undefined;
  readonly KEEL_APPROVAL_KEY?: string | undefined;
  readonly ANTHROPIC_API_KEY?: string | undefined;
  readonly ANTHROPIC_BASE_URL?: string | undefined;
}

/**
 * The supervisor's toolset when `KEEL_MCP_SUPERVISOR_TOKEN` is set, else undefined. Deciding resumes the
 * paused run here: with `ANTHROPIC_API_KEY` the model continues the conversation; without it the
 * SIMULATION model reports the decision. Decisions are signed with support-desk's `approvalKeyFor` key:
 * `KEEL_APPROVAL_KEY`, else a PGlite folder's own key (shared with `keel tickets approve` on that folder),
 * else for memory a key of this process. Throws KeelMcpConfigError (APPROVAL_KEY_REQUIRED) for a short key,
 * or for PostgreSQL without an explicit one.
 */
export function supervisorToolset(
  backend: SupportBackend,
  environment: SupervisorEnvironment,
  store: StoreSettings,
): Toolset | undefined {
  if (!environment.KEEL_MCP_SUPERVISOR_TOKEN) return undefined;
  let key: string;
  try {
    key = approvalKeyFor({ environmentKey: environment.KEEL_APPROVAL_KEY, store }).key;
  } catch (error) {
    if (!ApprovalKeyError.isInstance(error)) throw error;
    throw new KeelMcpConfigError(
      "APPROVAL_KEY_REQUIRED",
      `KEEL_MCP_SUPERVISOR_TOKEN is set, so decisions are signed: ${error.message}`,
    );
  }
  const client = environment.ANTHROPIC_API_KEY
    ? new AnthropicClient({
        apiKey: environment.ANTHROPIC_API_KEY,
        ...(environment.ANTHROPIC_BASE_URL ? { baseURL: environment.ANTHROPIC_BASE_URL } : {}),
      })
    : decisionReportingClient();
  return createToolset(createApprovalTools(backend, { approvalKey: key, client }));
}
