import type { RunResult } from "@keel/loop";
import type { ScenarioRound, ScenarioToolCall } from "../demo-report.js";
import { outcomeSummary } from "../outcome-summary.js";

interface Block {
  readonly type: string;
  readonly text?: string;
  readonly id?: string;
}

const blocksOf = (content: unknown): readonly Block[] =>
  Array.isArray(content)
    ? (content as Block[])
    : typeof content === "string"
      ? [{ type: "text", text: content }]
      : [];

/**
 * The run as rounds: each assistant turn that asked for tools, with its commentary and, per tool_use
 * block in block order, what the hooks decided and what came back. Built from the history and the
 * tool-call records, so it shows what the model actually saw.
 */
export function scenarioRounds(result: RunResult): ScenarioRound[] {
  const records = new Map(result.toolCalls.map((call) => [call.id, call]));
  const rounds: ScenarioRound[] = [];
  for (const message of result.messages) {
    if (message.role !== "assistant") continue;
    const blocks = blocksOf(message.content);
    const calls = blocks.flatMap((block): ScenarioToolCall[] => {
      const record = block.type === "tool_use" && block.id ? records.get(block.id) : undefined;
      if (!record) return [];
      return [
        {
          id: record.id,
          requested: record.requested,
          input: record.input,
          decision: record.decision,
          hook: record.hook ?? null,
          executed: record.executed,
          executedInput: record.executedInput ?? null,
          isError: record.isError,
          category: record.category ?? null,
          code: record.code ?? null,
          attempts: record.attempts,
          summary: outcomeSummary(record.outcome),
        },
      ];
    });
    if (calls.length === 0) continue;
    const text = blocks
      .flatMap((block) => (block.type === "text" && block.text ? [block.text] : []))
      .join(" ");
    rounds.push({ round: rounds.length + 1, text, calls });
  }
  return rounds;
}
