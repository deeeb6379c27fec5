import { success, validEmpty } from "@keel/errors";
import { defineTool } from "@keel/tools";
import type { HandlerOutcome } from "@keel/tools/internal";
import { z } from "zod/v4";
import type { CustomerResult, SupportBackend } from "../backend/types.js";
import { SUPPORT_DESCRIPTIONS } from "./descriptions.js";
import { customerOutput } from "./output-schemas.js";
import { customerView } from "./present.js";
import { customerIdSchema, emailSchema } from "./schemas.js";
import { isStoreFailure, storeFailureOutcome } from "./store-outcomes.js";

function customerOutcome(
  result: CustomerResult,
  asked: string,
): HandlerOutcome<z.input<typeof customerOutput>> {
  if (isStoreFailure(result)) return storeFailureOutcome("customers", result);
  if (result.kind === "not_found") {
    return validEmpty(
      "CUSTOMER_NOT_FOUND",
      `No customer account matches ${asked}. Ask the customer to check it or for another way to identify ` +
        "them; do not refund or escalate on behalf of an unverified customer.",
    );
  }
  return success(customerView(result.customer));
}

export function getCustomerByEmailTool(backend: SupportBackend) {
  return defineTool({
    name: "get_customer_by_email",
    title: "Find a customer by email",
    description: SUPPORT_DESCRIPTIONS.get_customer_by_email,
    input: z.strictObject({ email: emailSchema }),
    output: customerOutput,
    effect: "read",
    reuse: true,
    handler: async ({ email }) =>
      customerOutcome(await backend.getCustomerByEmail(email), `the email ${email}`),
  });
}

export function getCustomerByIdTool(backend: SupportBackend) {
  return defineTool({
    name: "get_customer_by_id",
    title: "Get a customer by id",
    description: SUPPORT_DESCRIPTIONS.get_customer_by_id,
    input: z.strictObject({ customer_id: customerIdSchema }),
    output: customerOutput,
    effect: "read",
    reuse: true,
    handler: async ({ customer_id }) =>
      customerOutcome(await backend.getCustomerById(customer_id), `the customer id ${customer_id}`),
  });
}
