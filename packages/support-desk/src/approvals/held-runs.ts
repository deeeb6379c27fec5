import {
  approveCall,
  type ModelClient,
  parseRunSnapshot,
  type RunResult,
  type RunSnapshot,
  rejectCall,
  resumeRun,
} from "@keel/loop";
import type { Message, MessageCreateRequest } from "@keel/wire";
import type { SupportBackend, Ticket } from "../backend/types.js";
import { supportAgent } from "../support-agent.js";

/**
 * A paused run lives in its ticket: `pending_request.held_run` is the run's snapshot, so any process that
 * can open the store (the CLI, a keel-mcp replica, hours later) can approve or reject it. The first
 * decision recorded on the ticket is the one that stands; the payment is exactly-once because a resumed
 * call keeps its original idempotency key and the store refuses a second payment under it.
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

/** The paused run a ticket holds, validated (a tampered or newer-version snapshot throws RunSnapshotError). */
export function heldRunOf(ticket: Ticket): RunSnapshot | undefined {
  const stored = ticket.pendingRequest?.[HELD_RUN_FIELD];
  return stored === undefined || stored === null ? undefined : parseRunSnapshot(stored);
}

/** The decision a supervisor makes on every pending call of the run. */
export type Verdict =
  | { readonly verdict: "approve"; readonly note?: string }
  | { readonly verdict: "reject"; readonly reason: string };

/** What deciding a ticket came to. */
export type TicketDecision =
  | {
      readonly kind: "decided";
      readonly ticketId: string;
      /** The recorded decision ("approved: …" / "rejected: …"): the first one made, which stands. */
      readonly decision: string;
      /** True when the ticket was already decided this way: the run resumed again and paid nothing more. */
      readonly repeated: boolean;
      readonly result: RunResult;
    }
  | { readonly kind: "not_held"; readonly ticketId: string }
  | { readonly kind: "already_decided"; readonly ticketId: string; readonly decision: string }
  | { readonly kind: "store_unavailable"; readonly step: "read" | "record"; readonly detail: string };

export interface DecideTicketOptions {
  /** The HMAC key approvals are signed with (at least 32 bytes; the same wherever decisions are made). */
  readonly approvalKey: string;
  /** The model that continues the conversation after the decision. */
  readonly client: ModelClient;
}

/** The shortest approval key accepted: 32 bytes, as for an HMAC-SHA256 key. */
export const MIN_APPROVAL_KEY_BYTES = 32;

/**
 * Decides a held ticket and resumes its run: the first decision is recorded as the ticket's resolution (so
 * another process, or a second click, cannot decide differently), then the paused run resumes with that
 * decision through the same support agent (hooks, store rules). Repeating an approval resumes again with
 * the same idempotency keys: it pays nothing more and ends the same way. A decision that contradicts the
 * recorded one is refused (`already_decided`).
 */
export async function decideHeldTicket(
  backend: SupportBackend,
  ticketId: string,
  verdict: Verdict,
  options: DecideTicketOptions,
): Promise<TicketDecision> {
  const listed = await backend.listTickets();
  if (listed.kind !== "listed") return { kind: "store_unavailable", step: "read", detail: listed.kind };
  const ticket = listed.tickets.find((candidate) => candidate.id === ticketId);
  const snapshot = ticket === undefined ? undefined : heldRunOf(ticket);
  if (snapshot === undefined) return { kind: "not_held", ticketId };
  const asked =
    verdict.verdict === "approve"
      ? `approved${verdict.note ? `: ${verdict.note}` : ""}`
      : `rejected: ${verdict.reason}`;
  const recorded = await backend.resolveTicket(ticketId, asked);
  if (recorded.kind !== "resolved" && recorded.kind !== "already_resolved")
    return { kind: "store_unavailable", step: "record", detail: recorded.kind };
  const decision = recorded.ticket.resolution ?? asked;
  if (!decision.startsWith(verdict.verdict === "approve" ? "approved" : "rejected"))
    return { kind: "already_decided", ticketId, decision };
  const result = await resumeHeldRun(backend, snapshot, recordedVerdict(decision, verdict), options);
  return { kind: "decided", ticketId, decision, repeated: recorded.kind === "already_resolved", result };
}

/**
 * Resumes the paused run with the verdict on every pending call; the approved refund runs with its
 * original idempotency key, so repeating this pays once.
 */
export function resumeHeldRun(
  backend: SupportBackend,
  snapshot: RunSnapshot,
  verdict: Verdict,
  options: DecideTicketOptions,
): Promise<RunResult> {
  const key = options.approvalKey;
  const decisions = snapshot.pending.map((call) =>
    verdict.verdict === "approve"
      ? approveCall(call, key, verdict.note === undefined ? {} : { note: verdict.note })
      : rejectCall(call, key, verdict.reason),
  );
  const { system: _system, ...agent } = supportAgent(backend, { refundLimitMode: "hold" });
  return resumeRun(snapshot, decisions, { ...agent, client: options.client, approvalKey: key });
}

/** The recorded decision is the one that runs (its note or reason, not a later one's). */
function recordedVerdict(recorded: string, asked: Verdict): Verdict {
  const detail = recorded.replace(/^(approved|rejected)(: )?/, "");
  if (asked.verdict === "approve")
    return detail === "" ? { verdict: "approve" } : { verdict: "approve", note: detail };
  return { verdict: "reject", reason: detail || asked.reason };
}

/**
 * The model of a SIMULATION (no API key): it reads what the person decided from the resumed turn's tool
 * results and tells the customer, so a scripted scenario continues to its answer without a model.
 */
export function decisionReportingClient(): ModelClient {
  return {
    name: "scripted",
    async create(request: MessageCreateRequest): Promise<Message> {
      return {
        id: "msg_continuation",
        type: "message",
        role: "assistant",
        model: request.model,
        content: [{ type: "text", text: reportDecision(request.messages.at(-1)?.content) }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0 },
      };
    },
  };
}

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
