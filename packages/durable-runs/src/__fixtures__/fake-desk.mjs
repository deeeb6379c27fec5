// A desk for the crash tests, shared by every process: a refund ledger and a model-request log in files, and
// a crash point (CRASH_AT) where this process SIGKILLs itself, once (a marker file says it happened).
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { success } from "@keel/errors";
import { ScriptedClient } from "@keel/loop";
import { defineTool } from "@keel/tools";
import { z } from "zod";

const lines = (file, dir = process.env.DESK_DIR) =>
  existsSync(join(dir, file))
    ? readFileSync(join(dir, file), "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];

export const ledger = () => lines("ledger.jsonl");
export const requests = () => lines("requests.jsonl");

export function crashAt(point) {
  const dir = process.env.DESK_DIR;
  if (process.env.CRASH_AT !== point) return;
  const marker = join(dir, `crashed-${point}`);
  if (existsSync(marker)) return;
  writeFileSync(marker, String(process.pid));
  process.kill(process.pid, "SIGKILL");
}

export const refund = defineTool({
  name: "process_refund",
  description:
    "Refunds an order. Use when asked to refund. Do NOT use to look up orders (lookup_order). Takes order_id, amount.",
  input: z.object({ order_id: z.string(), amount: z.number() }),
  effect: "write",
  handler: async ({ order_id, amount }, context) => {
    crashAt(`before-write:${order_id}`);
    const dir = process.env.DESK_DIR;
    const key = context.idempotencyKey;
    const duplicate = ledger().some((entry) => entry.key === key && entry.applied);
    appendFileSync(
      join(dir, "ledger.jsonl"),
      `${JSON.stringify({ key, order_id, amount, applied: !duplicate })}\n`,
    );
    crashAt(`after-write:${order_id}`);
    return success({ order_id, amount, duplicate });
  },
});

export const lookup = defineTool({
  name: "lookup_order",
  description:
    "Looks up an order. Use when asked about an order. Do NOT use to refund (process_refund). Takes order_id.",
  input: z.object({ order_id: z.string() }),
  effect: "read",
  handler: async ({ order_id }) => {
    crashAt("before-tools");
    return success({ order_id, total: 100 });
  },
});

export const holdLarge = {
  name: "hold-large",
  decide: (call) =>
    call.name === "process_refund" && call.input.amount > 500
      ? { action: "hold", reason: "above $500", approver: "supervisor" }
      : { action: "allow" },
};

/** The model: a lookup and two refunds in one turn, then the answer; decided by the history's length. */
function model(runId) {
  const dir = process.env.DESK_DIR;
  return new ScriptedClient((request) => {
    const turn = request.messages.length;
    appendFileSync(join(dir, "requests.jsonl"), `${JSON.stringify({ runId, turn })}\n`);
    crashAt(`model:${turn}`);
    if (turn === 1) {
      const big = request.messages[0].content[0].text.includes("big");
      return {
        content: [
          { type: "tool_use", id: "t_read", name: "lookup_order", input: { order_id: "O-1" } },
          { type: "tool_use", id: "t_pay_1", name: "process_refund", input: { order_id: "O-1", amount: 10 } },
          {
            type: "tool_use",
            id: "t_pay_2",
            name: "process_refund",
            input: { order_id: "O-2", amount: big ? 900 : 20 },
          },
        ],
        stop_reason: "tool_use",
      };
    }
    return { content: [{ type: "text", text: `Done for ${runId}.` }], stop_reason: "end_turn" };
  });
}

export const agents = {
  desk: ({ runId }) => ({
    client: model(runId),
    model: "fake-model",
    tools: [lookup, refund],
    hooks: { pre: [holdLarge] },
  }),
};
