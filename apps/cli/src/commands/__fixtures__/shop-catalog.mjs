// An outside catalog for `keel route --catalog` / `keel lint-tools --catalog`: two tools with boundaries.
import { success } from "@keel/errors";
import { defineTool } from "@keel/tools";
import { z } from "zod";

/** A write on one order that answers with the order's new status. */
const orderWrite = (name, description, status) =>
  defineTool({
    name,
    description,
    input: z.object({ order_id: z.string().describe("The order id, such as 'O-1'.") }),
    effect: "write",
    handler: ({ order_id }) => success({ order_id, status }),
  });

export const tools = [
  orderWrite(
    "cancel_order",
    "Cancels a pending order. Use when the user wants to cancel an order that has not shipped. Do NOT use when the user wants to send back delivered items; use return_items instead. Takes order_id; returns the cancelled order.",
    "cancelled",
  ),
  orderWrite(
    "return_items",
    "Starts a return of delivered items. Use when the user wants to send back items they received. Do NOT use when the order has not shipped yet; use cancel_order instead. Takes order_id; returns the return request.",
    "return requested",
  ),
];
