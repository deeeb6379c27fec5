import type { PreToolHook } from "@keel/hooks";
import type { RetailDb } from "../db/retail-db.js";
import { confirmBeforeWrite } from "./confirmation-rule.js";
import { authenticateFirst, oneUserPerConversation } from "./identity-rules.js";
import { itemsOfTheOrder, sameProductAvailableVariant } from "./item-rules.js";
import {
  cancelReasonAllowed,
  checkStatusFirst,
  modifyOrExchangeOncePerOrder,
  orderStatusPrecondition,
} from "./order-rules.js";
import {
  differentPaymentMethod,
  giftCardCoversAmount,
  paymentMethodOnFile,
  refundToOriginalOrGiftCard,
} from "./payment-rules.js";
import { noTextBesideToolCall, oneToolCallPerTurn, transferThenMessage } from "./turn-rules.js";

/** The rules in the order they run: the first that blocks names the decision. */
const RULES = [
  oneToolCallPerTurn,
  noTextBesideToolCall,
  transferThenMessage,
  authenticateFirst,
  oneUserPerConversation,
  confirmBeforeWrite,
  checkStatusFirst,
  modifyOrExchangeOncePerOrder,
  orderStatusPrecondition,
  cancelReasonAllowed,
  itemsOfTheOrder,
  sameProductAvailableVariant,
  paymentMethodOnFile,
  differentPaymentMethod,
  giftCardCoversAmount,
  refundToOriginalOrGiftCard,
];

/**
 * The retail policy's code-checkable rules as pre-tool hooks over `db` (the run's live database, read for
 * order status, items and payment methods; the conversation comes from `context.messages`). Rules code cannot
 * check stay in the system prompt, which is the policy verbatim.
 */
export function retailPolicyHooks(db: RetailDb): readonly PreToolHook[] {
  return RULES.map((rule) => rule(db));
}
