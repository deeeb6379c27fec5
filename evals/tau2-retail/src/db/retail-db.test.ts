import { describe, expect, it } from "vitest";
import { loadPristineDb, pristineDbText } from "./retail-db.js";

describe("loadPristineDb", () => {
  it("gives db.json as JSON.parse gives it, keys in db.json's order", () => {
    expect(JSON.stringify(loadPristineDb())).toBe(JSON.stringify(JSON.parse(pristineDbText())));
  });

  it("gives every run its own copy: a change to one is not in the next", () => {
    const first = loadPristineDb();
    const [orderId, order] = Object.entries(first.orders)[0] ?? [];
    if (orderId === undefined || order === undefined) throw new Error("db.json has orders");
    const status = order.status;
    order.status = "cancelled";
    order.items.pop();
    first.users = {};
    const second = loadPristineDb();
    expect(second.orders[orderId]?.status).toBe(status);
    expect(second.orders[orderId]?.items).toHaveLength(order.items.length + 1);
    expect(Object.keys(second.users)).toHaveLength(500);
  });
});
