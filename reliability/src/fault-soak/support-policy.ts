import type { ToolOutcome } from "@keel/errors";
import { unwrapRedirect } from "@keel/errors/internal";
import { type MessagesRequest, type ToolCallSpec, textResponse, toolUseResponse } from "@keel/testkit";
import type { MessageTemplate } from "@keel/wire";
import { type Exchange, exchangesOf } from "./conversation.js";
import type { SoakPlan } from "./soak-plans.js";

/** The model asks for these tools (a reply), or it has written its final answer. */
class PendingReply extends Error {
  constructor(
    readonly text: string,
    readonly calls: readonly ToolCallSpec[],
  ) {
    super("the conversation continues");
  }
}

/**
 * Replays the conversation against the program: each `ask` is answered from the history while it lasts;
 * the first one the history has not answered yet becomes the model's next reply.
 */
class Dialogue {
  #next = 0;
  constructor(private readonly rounds: readonly Exchange[][]) {}

  ask(text: string, calls: readonly ToolCallSpec[]): ToolOutcome[] {
    const round = this.rounds[this.#next];
    if (round === undefined) throw new PendingReply(text, calls);
    if (
      round.length !== calls.length ||
      round.some((exchange, index) => exchange.name !== calls[index]?.name)
    ) {
      throw new Error(`the history diverged from the plan at round ${this.#next + 1}`);
    }
    this.#next++;
    return round.map((exchange) => exchange.outcome);
  }
}

/** How the scripted model writes: like Keel's prompt asks, or the distractor that reads every error as "not found". */
export type Writer = "careful" | "naive";

/**
 * The scripted model of the soak: a pure function of the plan and the history it is sent. It reads the
 * outcome of each tool_result off the wire and reacts as a well-behaved model would — retries a transient
 * failure once, corrects an amount the store refuses, escalates what it may not do — and writes its final
 * text from the last outcome it received. The `naive` writer is the distractor the invariants must catch.
 */
export function supportReply(
  plan: SoakPlan,
  request: MessagesRequest,
  writer: Writer = "careful",
): MessageTemplate {
  try {
    return textResponse(agentProgram(plan, new Dialogue(exchangesOf(request)), writer));
  } catch (thrown) {
    if (!(thrown instanceof PendingReply)) throw thrown;
    // The forced final request (tool_choice none) must get text: say where things stand.
    if (request.tool_choice?.type === "none") {
      return textResponse(
        "I couldn't finish this within the steps I have; a colleague will follow up with you.",
      );
    }
    return toolUseResponse(thrown.calls, { text: thrown.text });
  }
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`;
/** A field of the outcome's data (of the tool that really ran, after a redirect) or of its error details. */
const field = (wrapped: ToolOutcome | undefined, key: string): unknown => {
  const outcome = wrapped === undefined ? undefined : unwrapRedirect(wrapped);
  if (outcome?.kind === "success" && typeof outcome.data === "object" && outcome.data !== null) {
    return (outcome.data as Record<string, unknown>)[key];
  }
  if (outcome?.kind === "error" && typeof outcome.details === "object" && outcome.details !== null) {
    return (outcome.details as Record<string, unknown>)[key];
  }
  return undefined;
};
const isTransient = (outcome: ToolOutcome | undefined) =>
  outcome?.kind === "error" && outcome.category === "transient";

/** A transient failure gets one more try from the model (the loop already retried it); anything else stands. */
function retryOnce(
  dialogue: Dialogue,
  call: ToolCallSpec,
  outcome: ToolOutcome | undefined,
): ToolOutcome | undefined {
  if (!isTransient(outcome)) return outcome;
  return dialogue.ask("That didn't go through; let me try once more.", [call])[0];
}

function agentProgram(plan: SoakPlan, dialogue: Dialogue, writer: Writer): string {
  const verify = { name: "get_customer_by_email", input: { email: plan.email } };
  const lookup = { name: "lookup_order", input: { order_id: plan.orderId } };
  let customer: ToolOutcome | undefined;
  let order: ToolOutcome | undefined;
  if (plan.parallelReads && plan.lookup) {
    [customer, order] = dialogue.ask("Let me pull up your account and the order.", [verify, lookup]);
  } else {
    [customer] = dialogue.ask("Let me look up your account first.", [verify]);
  }
  customer = retryOnce(dialogue, verify, customer);
  if (customer?.kind !== "success") return customerProblem(plan, customer, writer);
  const customerId = String(field(customer, "customer_id"));
  if (plan.lookup) {
    order ??= dialogue.ask("Thanks. Let me check that order.", [lookup])[0];
    order = retryOnce(dialogue, lookup, order);
    if (order?.kind !== "success") return orderProblem(plan, order, writer);
  }
  if (plan.refunds.length === 0) {
    return `Order ${plan.orderId} is ${String(field(order, "status"))}; it was ${money(Number(field(order, "amount")))}.`;
  }
  return refundProgram(plan, dialogue, customerId, writer);
}

function customerProblem(plan: SoakPlan, outcome: ToolOutcome | undefined, writer: Writer): string {
  if (outcome?.kind === "empty" || (writer === "naive" && outcome?.isError)) {
    return `I couldn't find an account for ${plan.email}. Could you check the address?`;
  }
  if (isTransient(outcome)) {
    return "I can't reach our customer records right now, so I can't verify your account yet. Nothing is wrong with your account; please try again in a few minutes.";
  }
  return `Something went wrong on our side while verifying your account (${codeOf(outcome)}); I've noted it.`;
}

function orderProblem(plan: SoakPlan, outcome: ToolOutcome | undefined, writer: Writer): string {
  if (outcome?.kind === "empty" || (writer === "naive" && outcome?.isError)) {
    return `I couldn't find an order ${plan.orderId}. Could you double-check the number?`;
  }
  if (isTransient(outcome)) {
    return `Our order system isn't answering right now, so I can't check ${plan.orderId}. That says nothing about your order; please try again shortly.`;
  }
  return `I can't look at ${plan.orderId} right now (${codeOf(outcome)}).`;
}

const codeOf = (outcome: ToolOutcome | undefined) =>
  outcome && outcome.kind !== "success" ? outcome.code : "no answer";

function refundProgram(plan: SoakPlan, dialogue: Dialogue, customerId: string, writer: Writer): string {
  const paid: string[] = [];
  const paidSoFar = () => (paid.length === 0 ? "" : `I refunded ${paid.join(" and ")}. `);
  const queue = [...plan.refunds];
  let correctedOnce = false;
  for (let amount = queue.shift(); amount !== undefined; amount = queue.shift()) {
    const call = {
      name: "process_refund",
      input: { customer_id: customerId, order_id: plan.orderId, amount, reason: "Arrived broken" },
    };
    const outcomes = dialogue.ask(
      `I'm processing a refund of ${money(amount)} now.`,
      plan.duplicateInOneReply ? [call, call] : [call],
    );
    const outcome = retryOnce(
      dialogue,
      call,
      outcomes.find((candidate) => candidate.kind === "success") ?? outcomes[0],
    );
    if (outcome?.kind === "success" && field(outcome, "ticket_id") !== undefined) {
      return `${paidSoFar()}A refund of that size needs a person's approval, so I opened ticket ${String(field(outcome, "ticket_id"))}; the team will contact you.`;
    }
    if (outcome?.kind === "success") {
      paid.push(`${money(Number(field(outcome, "amount")))} (refund ${String(field(outcome, "refund_id"))})`);
      continue;
    }
    if (outcome?.kind === "error" && outcome.code === "REFUND_EXCEEDS_ORDER") {
      const remaining = Number(field(outcome, "refundable_amount"));
      if (!correctedOnce && remaining > 0) {
        correctedOnce = true;
        queue.unshift(remaining);
        continue;
      }
      return `${paidSoFar()}Only ${money(remaining)} of ${plan.orderId} could still be refunded, so nothing more was paid.`;
    }
    if (outcome?.kind === "error" && outcome.code === "ALREADY_REFUNDED") {
      return `${paidSoFar()}${plan.orderId} has already been refunded in full, so nothing more was paid.`;
    }
    if (outcome?.kind === "error" && outcome.code === "ACCOUNT_SUSPENDED") {
      return "Your account is suspended, so I can't issue a refund. I can ask a colleague to review it.";
    }
    if (outcome?.kind === "error" && outcome.category === "permission") {
      return paidSoFar() + escalate(plan, dialogue, customerId, amount);
    }
    if (isTransient(outcome)) {
      return `${paidSoFar()}I couldn't confirm the refund of ${money(amount)}: our payment system didn't answer. If it went through it will never be paid twice; please check back shortly.`;
    }
    if (outcome?.kind === "empty" || (writer === "naive" && outcome?.isError)) {
      return `${paidSoFar()}I couldn't find an order ${plan.orderId}, so nothing was refunded.`;
    }
    return `${paidSoFar()}I couldn't process that refund (${codeOf(outcome)}).`;
  }
  return `Done: ${paidSoFar()}You'll see it on your statement in a few days.`;
}

function escalate(plan: SoakPlan, dialogue: Dialogue, customerId: string, amount: number): string {
  const call = {
    name: "escalate_to_human",
    input: {
      category: "policy_exception",
      summary: `Refund of ${money(amount)} for ${plan.orderId} requested; this agent may not issue refunds.`,
      customer_id: customerId,
      pending_refund: { order_id: plan.orderId, amount, reason: "Arrived broken" },
    },
  };
  const outcome = retryOnce(
    dialogue,
    call,
    dialogue.ask("I can't issue refunds myself; I'm passing this to a colleague.", [call])[0],
  );
  if (outcome?.kind === "success") {
    return `I've passed your refund to a colleague: ticket ${String(field(outcome, "ticket_id"))}. They will contact you.`;
  }
  return "I couldn't open a ticket for a colleague just now, so nobody has been notified yet; please try again shortly.";
}
