import type { Tool } from "@keel/tools";
import type { FeeService, SupportBackend } from "../backend/types.js";
import { getCustomerByEmailTool, getCustomerByIdTool } from "./customer-tools.js";
import { escalateToHumanTool } from "./escalate-to-human.js";
import { lookupOrderTool } from "./lookup-order.js";
import { processRefundTool } from "./process-refund.js";
import { REFUND_LIMIT } from "./refund-limit.js";
import { resolveCapBasisTool } from "./resolve-cap-basis.js";

/** Options of {@link createSupportTools}. */
export interface SupportToolsOptions {
  /** Where `resolve_cap_basis` reads fees; default the backend itself. */
  readonly feeService?: FeeService | undefined;
  /** Dollars; `process_refund` refuses anything above (the refund-limit hook redirects first). Default 500. */
  readonly refundLimit?: number | undefined;
  /** Roles (`ToolContext.metadata.role`) allowed to pay refunds. Default ["agent", "supervisor"]. */
  readonly refundRoles?: readonly string[] | undefined;
  /** The role of a caller that passed none. Default "agent": in-process use is trusted; servers pass a role. */
  readonly defaultRole?: string | undefined;
  /** Clock for the default `as_of` of `resolve_cap_basis`. */
  readonly now?: (() => Date) | undefined;
}

/**
 * The six support tools over one backend, in a stable order. Handlers never throw for store trouble:
 * every backend result maps to a Keel outcome.
 */
export function createSupportTools(backend: SupportBackend, options: SupportToolsOptions = {}): Tool[] {
  return [
    getCustomerByEmailTool(backend),
    getCustomerByIdTool(backend),
    lookupOrderTool(backend),
    processRefundTool(backend, {
      refundLimit: options.refundLimit ?? REFUND_LIMIT,
      refundRoles: options.refundRoles ?? ["agent", "supervisor"],
      defaultRole: options.defaultRole ?? "agent",
    }),
    escalateToHumanTool(backend),
    resolveCapBasisTool(options.feeService ?? backend, options.now ?? (() => new Date())),
  ] as Tool[];
}
