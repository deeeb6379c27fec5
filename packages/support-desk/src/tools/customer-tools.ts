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

/** A customer read by one key: the same output, reuse and answers whichever key finds the customer. */
function customerLookupTool<Input extends z.ZodObject>(spec: {
  readonly name: "get_customer_by_email" | "get_customer_by_id";
  readonly title: string;
  readonly input: Input;
  readonly read: (input: z.output<Input>) => Promise<CustomerResult>;
  /** What was asked for, as the not-found answer names it ("the email jane@example.com"). */
  readonly asked: (input: z.output<Input>) => string;
}) {
  return defineTool({
    name: spec.name,
    title: spec.title,
    description: SUPPORT_DESCRIPTIONS[spec.name],
    input: spec.input,
    output: customerOutput,
    effect: "read",
    reuse: true,
    handler: async (input) => customerOutcome(await spec.read(input), spec.asked(input)),
  });
}

export function getCustomerByEmailTool(backend: SupportBackend) {
  return customerLookupTool({
    name: "get_customer_by_email",
    title: "Find a customer by email",
    input: z.strictObject({ email: emailSchema }),
    read: ({ email }) => backend.getCustomerByEmail(email),
    asked: ({ email }) => `the email ${email}`,
  });
}

export function getCustomerByIdTool(backend: SupportBackend) {
  return customerLookupTool({
    name: "get_customer_by_id",
    title: "Get a customer by id",
    input: z.strictObject({ customer_id: customerIdSchema }),
    read: ({ customer_id }) => backend.getCustomerById(customer_id),
    asked: ({ customer_id }) => `the customer id ${customer_id}`,
  });
}
