import {
  AnthropicClient,
  approveCall,
  type Message,
  type MessageCreateRequest,
  type ModelClient,
  type RunResult,
  type RunSnapshot,
  rejectCall,
  resumeRun,
} from "@keel/loop";
import { type SupportBackend, supportAgent, type Ticket } from "@keel/support-desk";
import type { Environment } from "../env-file.js";
import { UsageError } from "../usage-error.js";

/**
 * A paused run lives in its ticket: `pending_request.held_run` is the run's snapshot, so any process that
 * can open the store can approve or reject it, hours later. The first decision is the ticket's resolution;
 * the payment is exactly-once because a resumed call keeps its original idempotency key.
 */
export const HELD_RUN_FIELD = "held_run";

/** Opens the ticket that holds a paused run (one per run, keyed by it, so a retry opens no second ticket). */
export async function holdInTicket(backend: SupportBackend, result: RunResult): Promise<Ticket> {
  const snapshot = result.snapshot;
  const first = snapshot?.pending[0];
  if (snapshot === undefined || first === undefined) throw new Error("the run is not awaiting approval");
  const input = (first.input ?? {}) as Record<string, unknown>;
  const opened = await backend.createEscalation({
    category: "refund_over_limit",
    summary:
      `Waiting for a supervisor: ${first.name} ${JSON.stringify(input)} — ${first.reason}. ` +
      `Approve with "keel tickets approve <id>", reject with "keel tickets reject <id> --reason …".`,
    customerId: typeof input.customer_id === "string" ? input.customer_id : null,
    pendingRequest: { ...input, tool: first.name, [HELD_RUN_FIELD]: JSON.parse(JSON.stringify(snapshot)) },
    idempotencyKey: `held-run:${snapshot.runId}`,
  });
  if (opened.kind !== "created") throw new Error(`the ticket store did not answer (${opened.kind})`);
  return opened.ticket;
}

export const heldRunOf = (ticket: Ticket): RunSnapshot | undefined =>
  (ticket.pendingRequest?.[HELD_RUN_FIELD] as RunSnapshot | undefined) ?? undefined;

/** The decision a supervisor makes on every pending call of the run. */
export type Verdict =
  | { readonly verdict: "approve"; readonly note?: string }
  | { readonly verdict: "reject"; readonly reason: string };

/** The configured signing key: `KEEL_APPROVAL_KEY`, at least 32 bytes. */
export function approvalKey(env: Environment): string {
  const key = env.KEEL_APPROVAL_KEY;
  if (key === undefined || Buffer.byteLength(key) < 32) {
    throw new UsageError(
      "approving or rejecting signs the decision: set KEEL_APPROVAL_KEY to a secret of at least 32 bytes " +
        "(e.g. `openssl rand -hex 32`), the same wherever decisions are made.",
    );
  }
  return key;
}

/**
 * Resumes the paused run with the verdict on every pending call, through the same support agent (hooks,
 * store rules); the approved refund runs with its original idempotency key, so repeating this pays once.
 */
export function resumeHeldRun(
  backend: SupportBackend,
  snapshot: RunSnapshot,
  verdict: Verdict,
  key: string,
  env: Environment,
): Promise<RunResult> {
  const decisions = snapshot.pending.map((call) =>
    verdict.verdict === "approve"
      ? approveCall(call, key, verdict.note === undefined ? {} : { note: verdict.note })
      : rejectCall(call, key, verdict.reason),
  );
  const { system: _system, ...agent } = supportAgent(backend, { refundLimitMode: "hold" });
  return resumeRun(snapshot, decisions, { ...agent, client: continuationClient(env), approvalKey: key });
}

/** LIVE with ANTHROPIC_API_KEY; otherwise the scenario's model continues: it reports what the person decided. */
function continuationClient(env: Environment): ModelClient {
  if (env.ANTHROPIC_API_KEY) {
    return new AnthropicClient({
      apiKey: env.ANTHROPIC_API_KEY,
      ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
    });
  }
  return {
    name: "scripted",
    async create(request: MessageCreateRequest): Promise<Message> {
      const text = reportDecision(request.messages.at(-1)?.content);
      return {
        id: "msg_continuation",
        type: "message",
        role: "assistant",
        model: request.model,
        content: [{ type: "text", text }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0 },
      };
    },
  };
}

/** What the person decided, read from the resumed turn's tool results, as the customer's answer. */
function reportDecision(content: unknown): string {
  const blocks = Array.isArray(content) ? (content as Array<{ type?: string; content?: unknown }>) : [];
  for (const block of blocks) {
    if (block.type !== "tool_result" || typeof block.content !== "string") continue;
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(block.content) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (data.code === "DECLINED_BY_PERSON") {
      const reason = /declined "[^"]+": (.*?)\. It was NOT run/.exec(String(data.message))?.[1];
      return `A supervisor reviewed your refund and declined it, so nothing was paid: ${reason ?? "see the ticket"}.`;
    }
    if (typeof data.refund_id === "string") {
      return (
        `A supervisor approved your refund: refund ${data.refund_id} of $${Number(data.amount).toFixed(2)} ` +
        `for order ${String(data.order_id)} has been paid.`
      );
    }
  }
  return "A supervisor reviewed your request; the ticket has the details.";
}
