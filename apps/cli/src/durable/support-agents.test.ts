import { createMemoryBackend } from "@keel/support-desk";
import { describe, expect, it } from "vitest";
import { SUPPORT_AGENT } from "./durable-store.js";
import { ENQUEUED_MODEL } from "./enqueued-model.js";
import { supportAgents } from "./support-agents.js";

const metadata = {
  [ENQUEUED_MODEL]: { source: "scenario", scenario: "high-value-refund", model: "m", hold: true },
};

describe("keel worker's registry", () => {
  it("refuses a decided run without an approval key, naming KEEL_APPROVAL_KEY (the run ends once)", async () => {
    const factory = supportAgents(createMemoryBackend(), {}, false)[SUPPORT_AGENT]!;
    await expect(async () => factory({ runId: "r", metadata, decided: true })).rejects.toThrow(
      /no approval key to verify them\. Set KEEL_APPROVAL_KEY/,
    );
    // Undecided runs do not need it.
    expect((await factory({ runId: "r", metadata, decided: false })).model).toBe("m");
  });

  it("answers a decided scripted run from the decision, as keel tickets approve does", async () => {
    const factory = supportAgents(createMemoryBackend(), {}, true)[SUPPORT_AGENT]!;
    const { client } = await factory({ runId: "r", metadata, decided: true });
    const answer = await client.create({
      model: "m",
      max_tokens: 100,
      messages: [
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              tool_use_id: "t",
              content: JSON.stringify({ refund_id: "R-1001", amount: 750, order_id: "ORD-1001" }),
            },
          ],
        },
      ],
    });
    expect(answer.content).toEqual([
      {
        type: "text",
        text: "A supervisor approved your refund: refund R-1001 of $750.00 for order ORD-1001 has been paid.",
      },
    ]);
  });
});
