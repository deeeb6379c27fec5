import type { RunResult } from "@keel/loop";
import type { MessageParam } from "@keel/wire";
import { TERMINAL_STATUSES } from "../fault-soak/soak-invariants.js";
import { type HandlerRun, REDIRECT_TARGET } from "./property-tools.js";

type Block = { readonly type: string; readonly id?: string; readonly tool_use_id?: string };
const blocksOf = (message: MessageParam | undefined): readonly Block[] =>
  message === undefined || typeof message.content === "string" ? [] : (message.content as readonly Block[]);
const toolUseIds = (message: MessageParam | undefined) =>
  blocksOf(message).flatMap((block) => (block.type === "tool_use" && block.id ? [block.id] : []));
const toolResultIds = (message: MessageParam | undefined) =>
  blocksOf(message).flatMap((block) =>
    block.type === "tool_result" && block.tool_use_id ? [block.tool_use_id] : [],
  );

/** The history without prompt-cache breakpoints (they move to the newest turn on every request). */
export function withoutBreakpoints(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, item) => (key === "cache_control" ? undefined : item)));
}

/** Every assistant turn followed by a user turn has each of its tool_use ids answered exactly once, in order. */
export function unansweredToolUses(messages: readonly MessageParam[], where: string): string[] {
  const violations: string[] = [];
  messages.forEach((message, index) => {
    const next = messages[index + 1];
    if (message.role !== "assistant" || next === undefined) return;
    const asked = toolUseIds(message);
    const answered = toolResultIds(next);
    if (JSON.stringify(asked) !== JSON.stringify(answered)) {
      violations.push(
        `${where}: turn ${index} asked ${JSON.stringify(asked)}, answered ${JSON.stringify(answered)}`,
      );
    }
  });
  return violations;
}

/** Each request's history starts with the previous request's, unchanged; the result's with the last request's. */
export function rewrittenHistory(
  requests: readonly { readonly messages: readonly MessageParam[] }[],
  result: RunResult,
): string[] {
  const histories = [...requests.map((request) => request.messages), result.messages];
  const violations: string[] = [];
  for (let index = 1; index < histories.length; index++) {
    const previous = histories[index - 1] ?? [];
    const current = histories[index] ?? [];
    if (
      JSON.stringify(withoutBreakpoints(current.slice(0, previous.length))) !==
      JSON.stringify(withoutBreakpoints(previous))
    ) {
      violations.push(`history ${index} does not extend history ${index - 1}`);
    }
  }
  return violations;
}

/**
 * Handlers against decisions: nothing runs for a blocked or invalid call; a redirect runs only its target;
 * an allowed call runs only its own tool, at most `maxAttempts` times, exactly `attempts` times; a write
 * gets one idempotency key across its retries; every write run belongs to an answered call.
 */
export function handlerViolations(
  result: RunResult,
  runs: readonly HandlerRun[],
  maxAttempts: number,
): string[] {
  const violations: string[] = [];
  const ids = new Set<string>();
  for (const call of result.toolCalls) {
    if (ids.has(call.id)) violations.push(`${call.id} answered twice`);
    ids.add(call.id);
    const ran = runs.filter((run) => run.toolUseId === call.id);
    const tools = new Set(ran.map((run) => run.tool));
    if ((call.decision === "block" || call.decision === null) && ran.length > 0) {
      violations.push(`${call.id}: ${call.decision ?? "invalid"} call ran ${[...tools].join(",")}`);
    }
    if (call.decision === "redirect" && [...tools].some((tool) => tool !== REDIRECT_TARGET)) {
      violations.push(`${call.id}: redirected call ran ${[...tools].join(",")}`);
    }
    if (
      (call.decision === "allow" || call.decision === "rewrite") &&
      [...tools].some((tool) => tool !== call.requested)
    ) {
      violations.push(`${call.id}: allowed ${call.requested} ran ${[...tools].join(",")}`);
    }
    if (ran.length > maxAttempts)
      violations.push(`${call.id}: ${ran.length} runs, more than ${maxAttempts} attempts`);
    if (!call.reused && ran.length !== call.attempts)
      violations.push(`${call.id}: ${ran.length} runs, ${call.attempts} recorded`);
    const keys = new Set(ran.filter((run) => run.tool.startsWith("write")).map((run) => run.idempotencyKey));
    if (keys.size > 1 || keys.has(undefined))
      violations.push(`${call.id}: write keys ${JSON.stringify([...keys])}`);
  }
  // A read may start early while its reply streams and be dropped when the stream fails; a write never.
  for (const run of runs) {
    if (!ids.has(run.toolUseId) && run.tool.startsWith("write")) {
      violations.push(`${run.tool} ran for ${run.toolUseId}, which was never answered`);
    }
  }
  return violations;
}

/** A terminal status, one end event, and the trace agreeing with the result. */
export function statusViolations(result: RunResult): string[] {
  const violations: string[] = [];
  if (!TERMINAL_STATUSES.includes(result.status)) violations.push(`status ${result.status}`);
  const ends = result.trace.filter((event) => event.type === "end");
  if (ends.length !== 1) violations.push(`${ends.length} end events`);
  return violations;
}
