import { describe, expect, it } from "vitest";
import { actingStems } from "./acting-stems.js";
import { clauseIntent } from "./clause-intent.js";

const acting = (request: string) => [...actingStems(request).acting].sort();

describe("actingStems: which words a request asks to be done", () => {
  it.each([
    ["Refund ORD-1 in full", ["full", "refund"]],
    ["please refund it", ["refund"]],
    ["Can you refund ORD-1?", ["refund"]],
    ["could someone call me back", ["back", "someon"]],
    ["Can I talk to a human about my account?", ["human", "talk"]],
    ["I want my money back", ["back", "money"]],
    ["The customer is furious and wants a refund.", ["refund"]],
    ["Need the account for C-1, please", ["account"]],
    ["Please escalate: the customer says the account is wrong", ["escalat"]],
  ])("reads %j as a request to act on %j", (request, expected) => {
    expect(acting(request)).toEqual(expected);
  });

  it.each([
    "How much of ORD-1 was refunded?",
    "Was my refund processed?",
    "I'd like to know if my account is active.",
    "Customer C-1 is verified and the order was refunded",
    "Refund ORD-1?",
    "Don't refund ORD-1",
    "for the refund of ORD-1",
  ])("reads %j as asking for no action", (request) => {
    expect(acting(request)).toEqual([]);
  });

  it.each([
    ["I don't want a refund, just tell me where it is", [], ["refund"]],
    ["I do not really need a manager", [], ["manager"]],
    ["No need to escalate", [], ["escalat"]],
    ["I'm not asking for a refund", [], ["refund"]],
    ["Refund ORD-1 without a manager", ["refund"], ["manager"]],
    ["Cancel the refund on ORD-1 and call me", ["cancel"], ["refund"]],
    ["I want the refund cancelled", ["cancell"], ["refund"]],
    ["No, I want a refund", ["refund"], []],
  ])("reads %j as asking for %j and declining %j", (request, requested, declined) => {
    const read = actingStems(request);
    expect([...read.acting].sort()).toEqual(requested);
    expect([...read.declined].sort()).toEqual(declined);
  });

  it("reads a question from the speaker's side as a request, unless it states a condition", () => {
    expect(acting("Can I get a refund for ORD-1?")).toEqual(["refund"]);
    expect(acting("Can I get a refund, if possible?")).toEqual(["refund"]);
    expect(acting("Can I get a refund if it arrived broken?")).toEqual([]);
    expect(acting("Could I get my money back once it is returned?")).toEqual([]);
    expect(acting("Can you refund it if it arrived broken?")).toEqual(["refund"]);
  });

  it("reads a clause after 'but', 'or', 'otherwise' as it would read alone", () => {
    expect(acting("Keep the plan, but upgrade the seat")).toEqual(["keep", "plan", "seat", "upgrad"]);
    expect(acting("Refund ORD-1, or credit the account instead")).toEqual(["account", "credit", "refund"]);
    expect(acting("Refund ORD-1. Otherwise credit the account")).toEqual(["account", "credit", "refund"]);
    expect(acting("Refund ORD-1, but the invoice stays open")).toEqual(["refund"]);
    expect(acting("Refund ORD-1, but why was it late?")).toEqual(["refund"]);
    const negated = actingStems("Keep the plan, but don't refund the fee");
    expect([...negated.acting].sort()).toEqual(["keep", "plan"]);
    expect([...negated.declined].sort()).toEqual(["fee", "refund"]);
  });

  it("stops a request to act at a subordinate clause or a topic", () => {
    expect(acting("Check whether ORD-1 was refunded")).toEqual(["check"]);
    expect(acting("I want to talk to a person about my refund")).toEqual(["person", "talk"]);
  });

  it("names the head of each request to act, and flags an opening that may be a noun phrase", () => {
    expect([...actingStems("Get me a manager").heads]).toEqual(["manager"]);
    expect(actingStems("refund status ORD-1").doubtful).toBe(true);
    expect(actingStems("refund status ORD-1", true).acting.size).toBe(0);
    expect(actingStems("please refund order ORD-1").doubtful).toBe(false);
    expect(actingStems("Give customer C-1 their money back").doubtful).toBe(false);
  });
});

describe("clauseIntent: what a description clause says the tool is asked", () => {
  it("reads requested actions after ask and want frames, with their coordinates", () => {
    expect([...clauseIntent("the customer asks you to refund an order").actions]).toEqual(["refund"]);
    expect([...clauseIntent("asks for a refund or their money back").actions]).toEqual(["refund", "money"]);
    expect([...clauseIntent("asks for a human, a person or a manager").actions]).toEqual([
      "human",
      "person",
      "manager",
    ]);
    expect([...clauseIntent("the customer wants a person to review it").actions]).toEqual(["person"]);
    expect(clauseIntent("the customer asks about an order").actions.size).toBe(0);
  });

  it("reads a question after 'asks whether / how / when' and nouns after a determiner", () => {
    const intent = clauseIntent("the customer asks whether or how much an order was refunded");
    expect([...intent.inquiries].sort()).toEqual(["order", "refund"]);
    expect(intent.actions.size).toBe(0);
    expect(clauseIntent("wants to know the status").inquiries).toEqual(new Set(["status"]));
    expect(clauseIntent("a refund was refused").nouns).toEqual(new Set(["refund"]));
  });
});
