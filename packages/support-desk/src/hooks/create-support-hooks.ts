import { capText, normalizeDates, type PostToolHook, type PreToolHook, trimKeys } from "@keel/hooks";
import type { SupportBackend } from "../backend/types.js";
import { refundLimitHook } from "./refund-limit-hook.js";
import { suspendedAccountHook } from "./suspended-account-hook.js";
import { verifiedCustomerHook } from "./verified-customer-hook.js";

/** Options of {@link createSupportHooks}. */
export interface SupportHooksOptions {
  /** Dollars; see {@link refundLimitHook}. Default 500. */
  readonly refundLimit?: number;
  /** What a refund above the limit gets: `redirect` to escalate_to_human (default) or `hold` for a supervisor. */
  readonly refundLimitMode?: "redirect" | "hold";
}

/** The fields later steps and hooks read: trimming keeps these first. */
const KEPT_KEYS = [
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
      verifiedCustomerHook(),
      suspendedAccountHook(backend),
      refundLimitHook({
        ...(options.refundLimit === undefined ? {} : { limit: options.refundLimit }),
        ...(options.refundLimitMode === undefined ? {} : { onExceed: options.refundLimitMode }),
      }),
    ],
    post: [normalizeDates(), trimKeys({ max: 10, keep: KEPT_KEYS }), capText({ maxChars: 4000 })],
  };
}
