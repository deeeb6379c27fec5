import { describe, expect, it } from "vitest";
import { describedDomain, describedTool, domainTool } from "../description/reference-tools.test-helpers.js";
import { route } from "./route.js";
import { expectRoutingIgnoresNamesAndOrder } from "./route.test-helpers.js";

// A read and a write over invoices: nothing of the support desk, so the rules below are the router's own.
const invoices = describedDomain("invoices");
const readInvoice = domainTool("invoices", "read_invoice");
const voidInvoice = domainTool("invoices", "void_invoice");

describe("route: a question about an action is a read, a request to act is the action", () => {
  it.each([
    ["Was INV-1001 voided?", "read_invoice"],
    ["How much of INV-1001 was paid?", "read_invoice"],
    ["Can you check whether INV-1001 was voided already?", "read_invoice"],
    ["Don't void INV-1001, just tell me if it was paid", "read_invoice"],
    ["Void INV-1001, it was issued twice", "void_invoice"],
    ["Could you void INV-1001 please?", "void_invoice"],
    ["I want INV-1001 voided, it is a duplicate", "void_invoice"],
    ["The client wants a void of INV-1001.", "void_invoice"],
    ["I don't want INV-1001 voided, just tell me if it was paid", "read_invoice"],
    ["No need to void INV-1001, was it paid?", "read_invoice"],
    ["Undo the void of INV-1001", "read_invoice"],
    ["Can I get INV-1001 voided if it was paid twice?", "read_invoice"],
    ["Can I get INV-1001 voided?", "void_invoice"],
  ])("routes %j to %s", (request, expected) => {
    expect(route(request, invoices).tool).toBe(expected);
  });

  it("does not let a question match a clause that names the action, nor an order match a question", () => {
    const question = route("Was INV-1001 voided?", invoices);
    expect(question.scores).toEqual({ read_invoice: 3, void_invoice: 0 });
    const order = route("Void INV-1001 now", invoices);
    expect(order.disqualified.map((entry) => entry.tool)).toEqual(["read_invoice"]);
  });

  it("reads an opening that may be an order or a noun phrase both ways, and calls it AMBIGUOUS", () => {
    const result = route("void status INV-1001", invoices);
    expect(result.ambiguous).toEqual(["read_invoice", "void_invoice"]);
    expect(result.reason).toContain("reads both as a request to act");
    expect(route("please void status INV-1001", invoices).tool).toBe("void_invoice");
  });

  it("does not depend on the tools' names or order (property)", () => {
    expectRoutingIgnoresNamesAndOrder([readInvoice, voidInvoice], {
      "Was INV-1001 voided?": "read_invoice",
      "Void INV-1001, it was issued twice": "void_invoice",
    });
  });
});

describe("route: how much evidence decides", () => {
  it("routes nothing on one incidental word, and says so", () => {
    const result = route("What does your invoice policy say?", invoices);
    expect(result).toMatchObject({ tool: null, ambiguous: null });
    expect(result.reason).toContain("only one incidental word matches");
  });

  it("treats filler and deictic time words as no evidence", () => {
    const fees = describedTool("total_fees", {
      does: "Totals fees",
      useWhen: ["you need the fees paid in the last 12 months"],
    });
    expect(route("Who won the game last night?", [fees]).tool).toBeNull();
    expect(route("I have a question about my stuff", [fees]).tool).toBeNull();
    expect(route("total the fees paid last year", [fees]).tool).toBe("total_fees");
  });

  it("does not pick a tool for an identifier only its Takes part declares", () => {
    const onlyTakes = { ...voidInvoice, description: { ...voidInvoice.description, doNotUseWhen: [] } };
    expect(route("INV-1001", [onlyTakes]).tool).toBeNull();
    expect(route("INV-1001", [readInvoice]).tool).toBe("read_invoice");
  });

  it("weighs the word a request to act opens with where a clause names it", () => {
    const calculator = describedTool("calc", {
      does: "Does arithmetic",
      useWhen: ["calculate a sum or a percentage"],
    });
    expect(route("calculate 15% of 240", [calculator]).tool).toBe("calc");
    expect(route("the calculate button is broken", [calculator]).tool).toBeNull();
  });

  it("does not let one word rule a tool out, but does let an explicitly requested action", () => {
    const person = describedTool("ask_person", {
      does: "Hands over to a person",
      useWhen: ["the user asks for a person or a manager"],
      doNotUseWhen: [{ when: "the user asks whether an invoice was paid", useInstead: "read_invoice" }],
    });
    const reader = {
      ...readInvoice,
      description: {
        ...readInvoice.description,
        doNotUseWhen: [{ when: "the user asks for a person or a manager", useInstead: "ask_person" }],
      },
    };
    expect(route("Is the manager's invoice INV-1001 paid?", [reader, person]).tool).toBe("read_invoice");
    expect(route("I want a manager about INV-1001", [reader, person]).tool).toBe("ask_person");
  });

  it("counts a word once even when two siblings' boundaries both pass it on", () => {
    const pointer = (name: string) =>
      describedTool(name, {
        does: "Something else",
        useWhen: ["the user gives a ticket like T-1"],
        doNotUseWhen: [{ when: "the user asks about a parcel's tracking", useInstead: "track" }],
      });
    const track = describedTool("track", { does: "Tracks a parcel" });
    const result = route("parcel tracking please", [pointer("one"), pointer("two"), track]);
    expect(result.tool).toBe("track");
    expect(result.scores.track).toBe(2);
  });
});
