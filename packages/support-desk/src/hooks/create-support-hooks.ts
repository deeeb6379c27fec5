import { capText, normalizeDates, type PostToolHook, type PreToolHook, trimKeys } from "@keel/hooks";
import type { SupportBackend } from "../backend/types.js";
import { memoryCustomerHook } from "./memory-customer-hook.js";
import { refundLimitHook } from "./refund-limit-hook.js";
import { suspendedAccountHook } from "./suspended-account-hook.js";
import { verifiedCustomerHook } from "./verified-customer-hook.js";

/** Options of {@link createSupportHooks}. */
export interface SupportHooksOptions {
  /** Dollars; see {@link refundLimitHook}. Default 500. */
  readonly refundLimit?: number | undefined;
  /** What a refund above the limit gets: `redirect` to escalate_to_human (default) or `hold` for a supervisor. */
  readonly refundLimitMode?: "redirect" | "hold" | undefined;
  /**
   * The customer whose memory the run's `memory` tool holds (`backend.memoryStore({ customerId })`): every
   * memory call is then blocked until the conversation verified that customer, and while the latest customer
   * looked up is another one. Leave it out for conversation-scoped memory or none.
   */
  readonly memoryCustomerId?: string | undefined;
}

/** The fields later steps and hooks read: trimming keeps these first. */
const KEPT_KEYS = [
  "outcome",
  "refunded",
  "note",
  "customer_id",
  "order_id",
  "status",
  "amount",
  "refundable_amount",
  "refund_id",
  "duplicate",
  "ticket_id",
  "resolved_basis",
];

/**
 * The support desk's business rules as hooks. `pre` runs in this order because a redirect ends the
 * chain for the original tool: who (verified), whether (not suspended), then how much (limit → a person).
 * `post` keeps history small and uniform: ISO dates, at most 10 keys per object, 4,000 characters per field.
 */
export function createSupportHooks(
  backend: SupportBackend,
  options: SupportHooksOptions = {},
): { readonly pre: PreToolHook[]; readonly post: PostToolHook[] } {
  return {
    pre: [
      ...(options.memoryCustomerId === undefined ? [] : [memoryCustomerHook(options.memoryCustomerId)]),
      verifiedCustomerHook(),
      suspendedAccountHook(backend),
      limitHook(options),
    ],
    post: postHooks(),
  };
}

/**
 * The support rules for tools another process serves (keel-mcp, over MCP): those that need no store —
 * a verified customer before a refund, and the refund limit (redirect or hold) — in the same order, and
 * the same post hooks. The server that owns the store enforces its own rules again (the suspended-account
 * check among them) in its own call path, so these give the model the early answer; they are not the
 * only guard.
 */
export function createRemoteSupportHooks(options: SupportHooksOptions = {}): {
  readonly pre: PreToolHook[];
  readonly post: PostToolHook[];
} {
  return {
    pre: [verifiedCustomerHook(), limitHook(options)],
    post: postHooks(),
  };
}

function limitHook(options: SupportHooksOptions): PreToolHook {
  return refundLimitHook({
    ...(options.refundLimit === undefined ? {} : { limit: options.refundLimit }),
    ...(options.refundLimitMode === undefined ? {} : { onExceed: options.refundLimitMode }),
  });
}

function postHooks(): PostToolHook[] {
  // At least as many keys as the widest declared output (a refund sent to a person has 11): trimming a tool's
  // own output would drop what the model must read (its `note`) and break its output schema over MCP.
  return [normalizeDates(), trimKeys({ max: 12, keep: KEPT_KEYS }), capText({ maxChars: 4000 })];
}
