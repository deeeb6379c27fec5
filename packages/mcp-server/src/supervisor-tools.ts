import { AnthropicClient } from "@keel/loop";
import {
  createApprovalTools,
  decisionReportingClient,
  MIN_APPROVAL_KEY_BYTES,
  type SupportBackend,
} from "@keel/support-desk";
import { createToolset, type Toolset } from "@keel/tools";
import { KeelMcpConfigError } from "./config-error.js";

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
 * SIMULATION model reports the decision. Throws KeelMcpConfigError (APPROVAL_KEY_REQUIRED) when the
 * token is set without a signing key of at least 32 bytes.
 */
export function supervisorToolset(
  backend: SupportBackend,
  environment: SupervisorEnvironment,
): Toolset | undefined {
  if (!environment.KEEL_MCP_SUPERVISOR_TOKEN) return undefined;
  const key = environment.KEEL_APPROVAL_KEY;
  if (key === undefined || Buffer.byteLength(key) < MIN_APPROVAL_KEY_BYTES) {
    throw new KeelMcpConfigError(
      "APPROVAL_KEY_REQUIRED",
      `KEEL_MCP_SUPERVISOR_TOKEN is set, so decisions are signed: set KEEL_APPROVAL_KEY to a secret of at least ${MIN_APPROVAL_KEY_BYTES} bytes (e.g. \`openssl rand -hex 32\`), the same wherever decisions are made.`,
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
