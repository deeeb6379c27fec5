import type { ToolOutcome } from "@keel/errors";
import { resolveToolCall } from "@keel/tool-call";
import { createToolset, lintTools } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { databaseDigest } from "../db/digest.js";
import { loadPristineDb, type RetailDb } from "../db/retail-db.js";
import { DATABASE_WRITES } from "../policy/conversation-facts.js";
import { createRetailTools } from "./create-retail-tools.js";

function setup() {
  const db = loadPristineDb();
  const toolset = createToolset(createRetailTools(db));
  let count = 0;
  const signal = new AbortController().signal;
  const call = async (name: string, input: unknown): Promise<ToolOutcome> => {
    count += 1;
    const id = `toolu_${count}`;
    const context = {
      runId: "run_test",
      iteration: 1,
      history: [],
      messages: [],
      batch: [],
      signal,
      metadata: {},
    };
    const resolution = await resolveToolCall({ id, name, input }, { toolset, context });
    return resolution.outcome;
  };
  return { db, toolset, call };
}

function findOrder(db: RetailDb, test: (order: RetailDb["orders"][string]) => boolean) {
  const order = Object.values(db.orders).find(test);
  if (order === undefined) throw new Error("no such order in db.json");
  return order;
}

describe("the retail tools", () => {
  it("are τ²'s sixteen tools, reads and writes declared, and lint with no errors", () => {
    const { toolset } = setup();
    expect(toolset.names).toHaveLength(16);
    const writes = toolset.tools.filter((tool) => tool.effect === "write").map((tool) => tool.name);
    // The policy's list of database writes, and the transfer (a write that changes no record).
    expect(writes.sort()).toEqual([...DATABASE_WRITES, "transfer_to_human_agents"].sort());
    const errors = lintTools(toolset.tools).filter((finding) => finding.severity === "error");
    expect(errors).toEqual([]);
  });

  it("answers a missing order as a valid empty ORDER_NOT_FOUND with τ²'s text, not as an error", async () => {
    const { call } = setup();
    const outcome = await call("get_order_details", { order_id: "#W0000000" });
    expect(outcome).toMatchObject({
      kind: "empty",
      code: "ORDER_NOT_FOUND",
      data: { tau2_error: "Order not found" },
    });
  });

  it("does not read an inherited property as a record", async () => {
    const { call } = setup();
    expect(await call("get_user_details", { user_id: "constructor" })).toMatchObject({
      kind: "empty",
      code: "USER_NOT_FOUND",
    });
  });

  it("refuses to cancel a non-pending order as a business error and changes nothing", async () => {
    const { db, call } = setup();
    const before = databaseDigest(db);
    const delivered = findOrder(db, (order) => order.status === "delivered");
    const outcome = await call("cancel_pending_order", {
      order_id: delivered.order_id,
      reason: "no longer needed",
    });
    expect(outcome).toMatchObject({
      kind: "error",
      category: "business",
      code: "ORDER_NOT_PENDING",
      details: { tau2_error: "Non-pending order cannot be cancelled" },
    });
    expect(databaseDigest(db)).toBe(before);
  });

  it("refuses an invalid cancel reason as a validation error", async () => {
    const { db, call } = setup();
    const pending = findOrder(db, (order) => order.status === "pending");
    expect(
      await call("cancel_pending_order", { order_id: pending.order_id, reason: "too slow" }),
    ).toMatchObject({
      kind: "error",
      category: "validation",
      code: "INVALID_CANCEL_REASON",
    });
  });

  it("refunds a cancelled gift-card order to the card at once, rounded as τ² rounds", async () => {
    const { db, call } = setup();
    const order = findOrder(
      db,
      (candidate) =>
        candidate.status === "pending" &&
        candidate.payment_history.length === 1 &&
        candidate.payment_history[0]?.payment_method_id.startsWith("gift_card") === true,
    );
    const payment = order.payment_history[0];
    const card = db.users[order.user_id]?.payment_methods[payment?.payment_method_id ?? ""];
    if (payment === undefined || card?.source !== "gift_card") throw new Error("fixture");
    const balance = card.balance;
    const outcome = await call("cancel_pending_order", {
      order_id: order.order_id,
      reason: "ordered by mistake",
    });
    expect(outcome.kind).toBe("success");
    expect(card.balance).toBe(Number((balance + payment.amount).toFixed(2)));
    expect(order).toMatchObject({ status: "cancelled", cancel_reason: "ordered by mistake" });
    expect(order.payment_history.at(-1)).toEqual({ ...payment, transaction_type: "refund" });
  });

  it("gives every modified item the price and options of the last new item, as τ²'s tool does", async () => {
    const { db, call } = setup();
    // A pending order with two items of different products, each with another available variant.
    const alternative = (productId: string, itemId: string) =>
      Object.values(db.products[productId]?.variants ?? {}).find(
        (variant) => variant.available && variant.item_id !== itemId,
      );
    const order = findOrder(
      db,
      (candidate) =>
        candidate.status === "pending" &&
        candidate.items.length >= 2 &&
        candidate.items[0]?.product_id !== candidate.items[1]?.product_id &&
        candidate.items
          .slice(0, 2)
          .every((item) => alternative(item.product_id, item.item_id)?.price !== undefined) &&
        alternative(candidate.items[0]?.product_id ?? "", candidate.items[0]?.item_id ?? "")?.price !==
          alternative(candidate.items[1]?.product_id ?? "", candidate.items[1]?.item_id ?? "")?.price,
    );
    const [first, second] = order.items as [
      RetailDb["orders"][string]["items"][number],
      RetailDb["orders"][string]["items"][number],
    ];
    const newFirst = alternative(first.product_id, first.item_id);
    const newSecond = alternative(second.product_id, second.item_id);
    if (!newFirst || !newSecond) throw new Error("fixture");
    const oldPrices = [first.price, second.price];
    const paymentMethodId = order.payment_history[0]?.payment_method_id;
    const outcome = await call("modify_pending_order_items", {
      order_id: order.order_id,
      item_ids: [first.item_id, second.item_id],
      new_item_ids: [newFirst.item_id, newSecond.item_id],
      payment_method_id: paymentMethodId,
    });
    expect(outcome.kind).toBe("success");
    expect(first).toMatchObject({
      item_id: newFirst.item_id,
      price: newSecond.price,
      options: newSecond.options,
    });
    expect(second).toMatchObject({ item_id: newSecond.item_id, price: newSecond.price });
    // The recorded difference is the true one, unrounded: 0 + (new1 - old1) + (new2 - old2).
    const difference = 0 + (newFirst.price - (oldPrices[0] ?? 0)) + (newSecond.price - (oldPrices[1] ?? 0));
    expect(order.payment_history.at(-1)?.amount).toBe(Math.abs(difference));
    expect(order.status).toBe("pending (item modified)");
  });

  it("calculates with τ²'s characters, Python's rounding and Python's float text", async () => {
    const { call } = setup();
    expect(await call("calculate", { expression: "2 + 2" })).toEqual({
      kind: "success",
      isError: false,
      data: "4.0",
    });
    expect(await call("calculate", { expression: "(199.99 - 150) * 2" })).toMatchObject({ data: "99.98" });
    expect(await call("calculate", { expression: "7 % 3" })).toMatchObject({
      kind: "error",
      category: "validation",
      code: "INVALID_CHARACTERS",
    });
    expect(await call("calculate", { expression: "1 / 0" })).toMatchObject({
      kind: "error",
      category: "validation",
    });
    // Python's floor division is refused here (left different, README); the guidance lists this tool's
    // characters, not the library calculator's (which takes %).
    const floor = await call("calculate", { expression: "7 // 2" });
    expect(floor).toMatchObject({ kind: "error", category: "validation", code: "UNSUPPORTED_EXPRESSION" });
    expect(floor).toMatchObject({
      message: expect.stringContaining("Use only digits, + - * / ( ) . and spaces"),
    });
    expect(floor).not.toMatchObject({ message: expect.stringContaining("+ - * / % **") });
  });

  it("transfers to a human agent as an escalation with a ticket id", async () => {
    const { call } = setup();
    expect(await call("transfer_to_human_agents", { summary: "wants a person" })).toMatchObject({
      kind: "success",
      data: { status: "Transfer successful", ticket_id: expect.stringMatching(/^transfer-/) },
    });
  });

  it("refuses an argument τ²'s function does not take, as Python refuses an unexpected keyword", async () => {
    const { call } = setup();
    expect(await call("get_order_details", { order_id: "#W0000000", user_id: "x" })).toMatchObject({
      kind: "error",
      category: "validation",
      code: "INVALID_INPUT",
    });
  });
});
