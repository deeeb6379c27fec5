import { success, type ToolOutcome } from "@keel/errors";
import { defineTool } from "@keel/tools";
import { z } from "zod/v4";
import type { Address } from "../db/retail-db.js";
import { RETAIL_DESCRIPTIONS } from "./descriptions.js";
import { snapshot, tau2Handler } from "./refusal.js";
import { addressFields, addressOf, itemSwapInput, orderId, userId } from "./schemas.js";

/** τ²'s two item swaps (exchange, modification): the same input and effect, each with its own body. */
export function itemSwapWrite(
  name: "exchange_delivered_order_items" | "modify_pending_order_items",
  body: (input: z.output<typeof itemSwapInput>) => ToolOutcome,
) {
  return defineTool({
    name,
    description: RETAIL_DESCRIPTIONS[name],
    input: itemSwapInput,
    effect: "write",
    handler: tau2Handler(body),
  });
}

/**
 * τ²'s two address changes: the six address fields written on the record `holder` finds by its id (the
 * user's default address, or a pending order's), answering a copy of the record.
 */
export function addressWrite(
  name: "modify_user_address" | "modify_pending_order_address",
  holder: (id: string) => { address: Address },
) {
  const idField = name === "modify_user_address" ? "user_id" : "order_id";
  return defineTool({
    name,
    description: RETAIL_DESCRIPTIONS[name],
    input: z.strictObject({ [idField]: idField === "user_id" ? userId : orderId, ...addressFields }),
    effect: "write",
    handler: tau2Handler((input: Address & Record<string, string>) => {
      const record = holder(input[idField] as string);
      record.address = addressOf(input);
      return success(snapshot(record));
    }),
  });
}
