import { success, transientError, validEmpty } from "@keel/errors";
import { defineTool } from "@keel/tools";
import type { FeeService } from "../backend/types.js";
import { SUPPORT_DESCRIPTIONS } from "./descriptions.js";
import { dollars } from "./money.js";
import { capBasisOutput } from "./output-schemas.js";
import { capBasisInputSchema } from "./schemas.js";
import { trailingWindow } from "./trailing-window.js";

/**
 * The cap basis (fees paid over a trailing window) through the fee-service seam. An outage carries no
 * basis field at all — a fabricated 0 would read as "no exposure" — while a customer who genuinely paid
 * no fees gets the valid empty NO_FEES_ON_RECORD with `resolved_basis: 0`.
 */
export function resolveCapBasisTool(fees: FeeService, now: () => Date) {
  return defineTool({
    name: "resolve_cap_basis",
    title: "Resolve the fee-cap basis",
    description: SUPPORT_DESCRIPTIONS.resolve_cap_basis,
    input: capBasisInputSchema,
    output: capBasisOutput,
    effect: "read",
    handler: async (input) => {
      const window = trailingWindow(
        input.as_of ?? now().toISOString().slice(0, 10),
        input.window_months ?? 12,
      );
      const result = await fees.feesForCustomer(input.customer_id, window);
      const scope = { customer_id: input.customer_id, window_from: window.from, window_to: window.to };
      switch (result.kind) {
        case "timeout":
        case "unreachable":
          return transientError(
            "FEE_SERVICE_UNREACHABLE",
            "The fee service could not be reached, so the cap basis is UNRESOLVED — not zero. Never report zero " +
              "exposure from this; retry shortly, and if it keeps failing escalate with the basis marked unresolved.",
            { retryAfterMs: 1000, details: { ...scope, fee_service: result.kind } },
          );
        case "customer_not_found":
          return validEmpty(
            "CUSTOMER_NOT_FOUND",
            `No customer ${input.customer_id} exists, so there is no cap basis to resolve. Check the id.`,
            scope,
          );
        case "found": {
          if (result.fees.length === 0) {
            return validEmpty(
              "NO_FEES_ON_RECORD",
              `We looked: customer ${input.customer_id} paid no fees between ${window.from} and ${window.to}, so ` +
                "the cap basis is genuinely 0.",
              { ...scope, resolved_basis: 0, currency: "USD", fee_count: 0 },
            );
          }
          const totalCents = result.fees.reduce((sum, fee) => sum + fee.amountCents, 0);
          return success({
            ...scope,
            resolved_basis: dollars(totalCents),
            currency: "USD",
            fee_count: result.fees.length,
          });
        }
      }
    },
  });
}
