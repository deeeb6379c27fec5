import { success, type ToolOutcome, validEmpty } from "@keel/errors";
import { runAgent } from "@keel/loop";
import type { Tool } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { callsThenAnswers, capBasisTool, feeServiceDown, MODEL, noRetries } from "./agents.test-helpers.js";
import { coordinatorPolicy } from "./coordinator-policy.js";
import { subagentTool } from "./subagent-tool.js";

const MAX_ATTEMPTS = 3;
const basisRequired = { maxAttempts: MAX_ATTEMPTS, requiredFields: ["resolved_basis"] };

/** The fees agent: optionally calls resolve_cap_basis, then says `text` whatever happened. */
function askFees(outcome: (() => ToolOutcome) | undefined, text: string): Tool {
  return subagentTool({
    name: "ask_fees",
    description: "Asks the fees agent for the fee basis of a formula cap.",
    input: z.object({ account_id: z.string() }),
    effect: "read",
    agent: {
      name: "fees",
      options: ({ account_id }) => ({
        client: callsThenAnswers(outcome === undefined ? undefined : "resolve_cap_basis", text, {
          account_id,
        }),
        model: MODEL,
        tools: outcome === undefined ? [] : [capBasisTool(outcome)],
        prompt: `Resolve the cap basis of ${account_id}.`,
        ...noRetries,
      }),
    },
  });
}

async function feesOutcome(tool: Tool): Promise<ToolOutcome> {
  const result = await runAgent({
    client: callsThenAnswers("ask_fees", "Done.", { account_id: "A-1" }),
    model: MODEL,
    tools: [tool],
    prompt: "What is the exposure under the fee cap of A-1?",
    ...noRetries,
  });
  const outcome = result.toolCalls[0]?.outcome;
  if (outcome === undefined) throw new Error("no tool call");
  return outcome;
}

const decisions = (outcome: ToolOutcome) =>
  Array.from({ length: MAX_ATTEMPTS }, (_, index) =>
    coordinatorPolicy(outcome, { ...basisRequired, attempt: index + 1 }),
  );

describe("an unresolved cap basis", () => {
  it("is never answered, even when the fees agent claimed zero fees, and escalates when retries run out", async () => {
    const outcome = await feesOutcome(askFees(feeServiceDown, "There are no fees, so the exposure is $0."));
    expect(outcome).toMatchObject({
      code: "FEE_SERVICE_UNREACHABLE",
      details: { tool: "resolve_cap_basis" },
    });
    expect(decisions(outcome)).toEqual(["retry", "retry", "escalate"]);
  });

  it("escalates a success that carries no resolved basis", async () => {
    const outcome = await feesOutcome(askFees(undefined, "The exposure is $0."));
    expect(outcome.kind).toBe("success");
    expect(decisions(outcome)).toEqual(["escalate", "escalate", "escalate"]);
  });

  it("answers a genuine zero: NO_FEES_ON_RECORD with a resolved basis of 0", async () => {
    const noFees = () =>
      validEmpty("NO_FEES_ON_RECORD", "No fees on record in the trailing 12 months.", { resolved_basis: 0 });
    const outcome = await feesOutcome(askFees(noFees, "No fees: basis 0."));
    expect(outcome).toMatchObject({ kind: "empty", code: "NO_FEES_ON_RECORD" });
    expect(coordinatorPolicy(outcome, { ...basisRequired, attempt: 1 })).toBe("answer");
  });

  it("answers a resolved basis", async () => {
    const outcome = await feesOutcome(askFees(() => success({ resolved_basis: 1200 }), "Basis 1200."));
    expect(coordinatorPolicy(outcome, { ...basisRequired, attempt: 1 })).toBe("answer");
  });
});
