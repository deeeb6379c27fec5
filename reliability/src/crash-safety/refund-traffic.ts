import { mapConcurrently } from "../map-concurrently.js";
import { callTool } from "../mcp/mcp-http.js";
import type { McpServerProcess } from "../mcp/mcp-server-process.js";
import { integerBetween } from "../seeded-random.js";
import { type RefundAnswer, refundAnswerOf, refundArguments, type SentRefund } from "./refund-requests.js";

/** Writes down every answer a refund got, in order. */
export type RecordAnswer = (refund: SentRefund, answer: RefundAnswer) => RefundAnswer;

/** Retries after a restart go out a few at a time. */
const RETRY_CONCURRENCY = 8;

/** The sample orders refunds go to (the server seeds SAMPLE_DATA), with their owners. */
const TARGETS = [
  { orderId: "ORD-1001", customerId: "C-1001" },
  { orderId: "ORD-1005", customerId: "C-1003" },
  { orderId: "ORD-12345", customerId: "C-1003" },
] as const;

/** Retries every refund whose answer was lost, with its key, until each has a definite answer (bounded). */
export async function recover(
  server: McpServerProcess,
  unknown: readonly SentRefund[],
  record: RecordAnswer,
): Promise<{ committed: number; paid: number }> {
  let committed = 0;
  let paid = 0;
  await mapConcurrently(unknown, RETRY_CONCURRENCY, async (refund) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = record(refund, await send(server, refund));
      if (answer.kind === "unknown") continue;
      if (answer.kind === "paid" && answer.duplicate) committed++;
      if (answer.kind === "paid" && !answer.duplicate) paid++;
      break;
    }
  });
  return { committed, paid };
}

/** Sends every acknowledged refund again: each must come back as the same refund, `duplicate: true`. */
export async function retryAcknowledged(
  server: McpServerProcess,
  sent: ReadonlyMap<string, SentRefund>,
  answers: ReadonlyMap<string, RefundAnswer[]>,
  record: RecordAnswer,
  violations: string[],
): Promise<number> {
  const acknowledged = [...answers].flatMap(([key, list]) => {
    const first = list.find((answer) => answer.kind === "paid");
    const refund = sent.get(key);
    return first?.kind === "paid" && refund ? [{ refund, first }] : [];
  });
  await mapConcurrently(acknowledged, RETRY_CONCURRENCY, async ({ refund, first }) => {
    const answer = record(refund, await send(server, refund));
    if (answer.kind !== "paid" || !answer.duplicate || answer.refundId !== first.refundId) {
      violations.push(
        `retry of acknowledged ${refund.key} (${first.refundId}) answered ${JSON.stringify(answer)}`,
      );
    }
  });
  return acknowledged.length;
}

async function send(
  server: McpServerProcess,
  refund: SentRefund,
  signal?: AbortSignal,
): Promise<RefundAnswer> {
  return refundAnswerOf(
    await callTool(server.url, "process_refund", refundArguments(refund), {
      idempotencyKey: refund.key,
      ...(signal ? { signal } : {}),
    }),
  );
}

export interface LoadOptions {
  readonly cycle: number;
  readonly clients: number;
  readonly killAfter: number;
  readonly maxLoadMs: number;
  readonly random: () => number;
  readonly sent: Map<string, SentRefund>;
  readonly record: RecordAnswer;
}

/** Clients send fresh refunds back to back; the server is SIGKILLed once enough were acknowledged. */
export async function loadUntilKilled(
  server: McpServerProcess,
  options: LoadOptions,
): Promise<{ acknowledged: number; abandoned: number; unknown: SentRefund[] }> {
  let acknowledged = 0;
  let abandoned = 0;
  let killed = false;
  const unknown: SentRefund[] = [];
  const deadline = performance.now() + options.maxLoadMs;
  const kill = async () => {
    if (killed) return;
    killed = true;
    await server.kill();
  };
  const client = async (clientIndex: number) => {
    for (let n = 0; !killed && performance.now() < deadline; n++) {
      const target = TARGETS[(clientIndex + n) % TARGETS.length]!;
      const refund: SentRefund = {
        key: `crash-${options.cycle}-${clientIndex}-${n}`,
        ...target,
        amountCents: integerBetween(options.random, 1, 3),
      };
      options.sent.set(refund.key, refund);
      // One call in ten is abandoned by its client after a few milliseconds, as an impatient client does:
      // the server may still commit it, and only the retry with the same key tells.
      const impatient = options.random() < 0.1;
      const signal = impatient ? AbortSignal.timeout(integerBetween(options.random, 1, 8)) : undefined;
      const answer = options.record(refund, await send(server, refund, signal));
      if (impatient && answer.kind === "unknown") abandoned++;
      if (answer.kind === "unknown") unknown.push(refund);
      // A little after the threshold, at a seeded moment, so the kill lands anywhere in a call.
      if (answer.kind === "paid" && ++acknowledged === options.killAfter) {
        setTimeout(() => void kill(), integerBetween(options.random, 0, 15));
      }
    }
  };
  const clients = Array.from({ length: options.clients }, (_, index) => client(index));
  const timer = setTimeout(() => void kill(), options.maxLoadMs);
  await Promise.all(clients);
  clearTimeout(timer);
  await kill();
  return { acknowledged, abandoned, unknown };
}
