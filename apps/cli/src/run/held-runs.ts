import { AnthropicClient, type ModelClient } from "@keel/loop";
import { decisionReportingClient, MIN_APPROVAL_KEY_BYTES } from "@keel/support-desk";
import type { Environment } from "../env-file.js";
import { UsageError } from "../usage-error.js";

/** The configured signing key: `KEEL_APPROVAL_KEY`, at least 32 bytes. */
export function approvalKey(env: Environment): string {
  const key = env.KEEL_APPROVAL_KEY;
  if (key === undefined || Buffer.byteLength(key) < MIN_APPROVAL_KEY_BYTES) {
    throw new UsageError(
      `approving or rejecting signs the decision: set KEEL_APPROVAL_KEY to a secret of at least ${MIN_APPROVAL_KEY_BYTES} bytes ` +
        "(e.g. `openssl rand -hex 32`), the same wherever decisions are made.",
    );
  }
  return key;
}

/** LIVE with ANTHROPIC_API_KEY; otherwise the scenario's model continues: it reports what the person decided. */
export function continuationClient(env: Environment): ModelClient {
  if (env.ANTHROPIC_API_KEY) {
    return new AnthropicClient({
      apiKey: env.ANTHROPIC_API_KEY,
      ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
    });
  }
  return decisionReportingClient();
}
