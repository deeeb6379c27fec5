import { type ToolOutcome, transientError } from "@keel/errors";
import { type RunOptions, ScriptedClient, type ScriptStep } from "@keel/loop";
import { defineTool, type Tool, type ToolContext } from "@keel/tools";
import { z } from "zod";

export const MODEL = "claude-test";

export const toolUse = (id: string, name: string, input: Record<string, unknown> = {}): ScriptStep => ({
  content: [{ type: "tool_use", id, name, input }],
  stop_reason: "tool_use",
});

export const answer = (text: string): ScriptStep => ({
  content: [{ type: "text", text }],
  stop_reason: "end_turn",
});

/** A scripted model: calls `tool` once (when given), then answers `text`. */
export function callsThenAnswers(
  tool: string | undefined,
  text: string,
  input: Record<string, unknown> = {},
) {
  return new ScriptedClient(
    tool === undefined ? [answer(text)] : [toolUse("toolu_1", tool, input), answer(text)],
  );
}

/** A test double of the support desk's resolve_cap_basis with a fixed outcome. */
export function capBasisTool(outcome: () => ToolOutcome): Tool {
  return defineTool({
    name: "resolve_cap_basis",
    description: "Resolves the fee basis of a formula cap for an account.",
    input: z.object({ account_id: z.string() }),
    effect: "read",
    handler: () => outcome(),
  });
}

export const feeServiceDown = (): ToolOutcome =>
  transientError("FEE_SERVICE_UNREACHABLE", "The fee service did not answer; the basis is unknown.");

/** A read tool that waits until its signal aborts, reporting the abort to `seen`. */
export function waitsForAbort(seen: { aborted: boolean }, onStart: () => void = () => {}): Tool {
  return defineTool({
    name: "slow_lookup",
    description: "Looks something up slowly.",
    input: z.object({}),
    effect: "read",
    handler: (_input: unknown, context: ToolContext) =>
      new Promise<ToolOutcome>((resolve) => {
        onStart();
        context.signal.addEventListener("abort", () => {
          seen.aborted = true;
          resolve(transientError("LOOKUP_ABORTED", "Stopped."));
        });
      }),
  });
}

/** Options shared by every test run: no automatic retries, so each call runs once. */
export const noRetries: Pick<RunOptions, "retry"> = { retry: { maxAttempts: 1 } };
