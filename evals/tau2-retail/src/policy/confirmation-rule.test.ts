import { describe, expect, it } from "vitest";
import { databaseDigest } from "../db/digest.js";
import { loadPristineDb } from "../db/retail-db.js";
import { replayTrajectory } from "../replay/replay-trajectory.js";
import type { TrajectoryStep } from "../replay/trajectory.js";
import { isExplicitYes, namesAction } from "./confirmation-rule.js";
import { retailPolicyHooks } from "./policy-hooks.js";

// Explicit: a yes-word, then confirming words only. Not: no yes-word first, a question, or anything more.
const EXPLICIT = `yes|Yes, please proceed.|Yes, that's correct.|Yes, cancel it.|Yes - go ahead|Yes\nThanks|yes .|YES
  |confirmed|I confirm.|Yep, do it!|Yes, sounds good|Yes, please go ahead with the exchange|Yes, do that for me`;
const NOT_EXPLICIT = `sure|ok|sounds good|yes?|Yes, but ship it to my office instead|yes, change the address to
  1 Main St|no|yes no|Wait, yes|`;
const cases = (list: string, explicit: boolean) =>
  list.split("|").map((text) => [text.replace(/\n\s+/g, " ").trim(), explicit] as const);

describe("isExplicitYes", () => {
  it.each([...cases(EXPLICIT, true), ...cases(NOT_EXPLICIT, false)])("%j → %s", (text, explicit) => {
    expect(isExplicitYes(text)).toBe(explicit);
  });
});

describe("namesAction", () => {
  it("reads the tool's name or its action words, not negated, not argument names", () => {
    expect(namesAction("I am about to run cancel_pending_order with: ...", "cancel_pending_order")).toBe(
      true,
    );
    expect(namesAction("I'll process the cancellation of #W1.", "cancel_pending_order")).toBe(true);
    expect(namesAction("I will NOT cancel #W1. OK?", "cancel_pending_order")).toBe(false);
    expect(namesAction("I will NOT run cancel_pending_order with: ...", "cancel_pending_order")).toBe(false);
    expect(namesAction("Exchange in order #W1: item 1 for 2.", "return_delivered_order_items")).toBe(false);
    // A yes to an exchange (refused: the order is pending) is no yes to modifying the pending order's items.
    expect(
      namesAction("I am about to run exchange_delivered_order_items with: ...", "modify_pending_order_items"),
    ).toBe(false);
    // "address1" names a field of the call, not the action.
    expect(
      namesAction("Cancel #W1, address1: 1 Main St", "modify_pending_order_address", [
        "order_id",
        "address1",
      ]),
    ).toBe(false);
    expect(
      namesAction("I'll change the shipping address of #W1", "modify_pending_order_address", ["address1"]),
    ).toBe(true);
  });
});

// Train tasks only (the test split stays held out): task 16's Fatima Johnson has two pending orders,
// #W5199551 and #W8665881; task 0's Yusuf Rossi has the delivered order #W2378156.
const FIND_FATIMA = {
  calls: [
    {
      name: "find_user_id_by_name_zip",
      arguments: { first_name: "Fatima", last_name: "Johnson", zip: "78712" },
    },
  ],
};
const FATIMA = [
  { user: "I want to cancel an order" },
  FIND_FATIMA,
  { calls: [{ name: "get_order_details", arguments: { order_id: "#W5199551" } }] },
] satisfies TrajectoryStep[];
const LISTING = {
  assistant: "I can cancel order #W5199551 with the reason 'ordered by mistake'. Shall I proceed (yes/no)?",
};
const CANCEL = {
  calls: [
    { name: "cancel_pending_order", arguments: { order_id: "#W5199551", reason: "ordered by mistake" } },
  ],
};
const pristine = databaseDigest(loadPristineDb());
const replay = (task_id: string, steps: TrajectoryStep[]) =>
  replayTrajectory({ id: "t", task_id, steps }, { preHooks: retailPolicyHooks });
const last = (result: Awaited<ReturnType<typeof replay>>) => result.steps.at(-1);

describe("confirm-before-write on whole conversations", () => {
  it("allows the cancel after a natural explicit yes to a listing of it", async () => {
    const result = await replay("16", [...FATIMA, LISTING, { user: "Yes, please proceed." }, CANCEL]);
    expect(last(result)).toMatchObject({ decision: "allow", outcome: "success" });
    expect(result.digest).not.toBe(pristine);
  });

  it("blocks a write the listing said would not be taken", async () => {
    const result = await replay("16", [
      ...FATIMA,
      { assistant: "I will NOT cancel #W5199551: 'ordered by mistake' is not something I can verify. OK?" },
      { user: "yes" },
      CANCEL,
    ]);
    expect(last(result)).toMatchObject({ decision: "block", code: "CONFIRMATION_REQUIRED" });
    expect(result.digest).toBe(pristine);
  });

  it("blocks a write on the order the listing said would stay", async () => {
    const result = await replay("16", [
      { user: "hi" },
      FIND_FATIMA,
      { calls: [{ name: "get_order_details", arguments: { order_id: "#W5199551" } }] },
      { calls: [{ name: "get_order_details", arguments: { order_id: "#W8665881" } }] },
      {
        assistant:
          "I will cancel #W5199551 (reason: no longer needed). Order #W8665881 stays as it is. Confirm (yes/no)?",
      },
      { user: "yes" },
      {
        calls: [
          { name: "cancel_pending_order", arguments: { order_id: "#W8665881", reason: "no longer needed" } },
        ],
      },
    ]);
    expect(last(result)).toMatchObject({ decision: "block", code: "CONFIRMATION_REQUIRED" });
    expect(result.digest).toBe(pristine);
  });

  it("blocks a return after a yes to an exchange of the same items", async () => {
    const result = await replay("0", [
      { user: "exchange" },
      {
        calls: [
          {
            name: "find_user_id_by_name_zip",
            arguments: { first_name: "Yusuf", last_name: "Rossi", zip: "19122" },
          },
        ],
      },
      { calls: [{ name: "get_order_details", arguments: { order_id: "#W2378156" } }] },
      {
        assistant:
          "Exchange in order #W2378156: item 1151293680 for 7706410293, difference via credit_card_9513926. Confirm?",
      },
      { user: "yes" },
      {
        calls: [
          {
            name: "return_delivered_order_items",
            arguments: {
              order_id: "#W2378156",
              item_ids: ["1151293680"],
              payment_method_id: "credit_card_9513926",
            },
          },
        ],
      },
    ]);
    expect(last(result)).toMatchObject({ decision: "block", code: "CONFIRMATION_REQUIRED" });
    expect(result.digest).toBe(pristine);
  });

  it("does not spend the yes on an attempt a hook or the schema refused: the corrected call goes through", async () => {
    const refusedBySchema = {
      calls: [
        {
          name: "cancel_pending_order",
          arguments: { order_id: "#W5199551", reason: "ordered by mistake", note: "x" },
        },
      ],
    };
    const result = await replay("16", [...FATIMA, LISTING, { user: "yes" }, refusedBySchema, CANCEL]);
    expect(result.steps.at(-2)).toMatchObject({ outcome: "error", code: "INVALID_INPUT" });
    expect(last(result)).toMatchObject({ decision: "allow", outcome: "success" });
  });

  it("spends the yes on a change that succeeded: a second write needs a second yes", async () => {
    const result = await replay("16", [...FATIMA, LISTING, { user: "yes" }, CANCEL, CANCEL]);
    expect(last(result)).toMatchObject({ decision: "block", code: "CONFIRMATION_REQUIRED" });
  });
});
