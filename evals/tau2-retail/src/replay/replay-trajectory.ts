import type { PreToolHook } from "@keel/hooks";
import { DEFAULT_MODEL, runAgent, ScriptedClient, type ToolCallRecord } from "@keel/loop";
import { createToolset } from "@keel/tools";
import type { MessageParam, MessageTemplate } from "@keel/wire";
import { databaseDigest } from "../db/digest.js";
import { loadPristineDb, type RetailDb } from "../db/retail-db.js";
import { loadPolicy, taskById } from "../gold/tasks.js";
import { createRetailTools } from "../tools/create-retail-tools.js";
import type { ReplayResult, StepRecord, Trajectory, TrajectoryStep } from "./trajectory.js";

/** Closes a scripted turn that ends in tool calls when the user speaks next (a reply needs text). */
export const TURN_END_TEXT = "Done. Waiting for the user.";

export interface ReplayOptions {
  /**
   * The pre-tool hooks of a run over its database (the policy hooks read it); none is the naive surface (the
   * same tools, what τ²'s own tools allow).
   */
  readonly preHooks?: (db: RetailDb) => readonly PreToolHook[];
  /** Called with each answered call as the loop recorded it (outcome included), in order. */
  readonly onToolCall?: (call: ToolCallRecord) => void;
}

/**
 * Replays one trajectory from the pristine database: a scripted model plays every assistant step in order,
 * each user step becomes a user message, and each stretch between user messages is one `runAgent` run
 * continuing the same history. A trajectory that does not start with a user step opens with the task's
 * `reason_for_call` (τ²'s retail tasks carry no initial conversation).
 */
export async function replayTrajectory(
  trajectory: Trajectory,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const task = taskById(trajectory.task_id);
  const db = loadPristineDb();
  const toolset = createToolset(createRetailTools(db));
  const system = loadPolicy();
  const preHooks = options.preHooks?.(db);
  let turns: MessageTemplate[] = [];
  // One client for the whole conversation, so tool_use ids stay unique across runs; each run serves its turns.
  const client = new ScriptedClient(() => turns.shift());
  const steps: StepRecord[] = [];
  let messages: MessageParam[] = [];
  let pendingText: string[] = [];
  let held = false;

  const runQueued = async () => {
    if (pendingText.length > 0) turns.push(textTurn(pendingText.join("\n\n")));
    else if (turns.length > 0) turns.push(textTurn(TURN_END_TEXT));
    else return;
    pendingText = [];
    const rounds = turns.length;
    const result = await runAgent({
      client,
      model: DEFAULT_MODEL,
      system,
      tools: toolset,
      ...(preHooks ? { hooks: { pre: [...preHooks] } } : {}),
      messages,
      maxIterations: rounds,
      cache: false,
    });
    for (const call of result.toolCalls) {
      steps.push(stepRecord(call));
      options.onToolCall?.(call);
    }
    if (result.status === "awaiting_approval") {
      // A held call waits for a person: the trajectory stops here, as the conversation would.
      held = true;
      return;
    }
    if (result.status !== "completed")
      throw new Error(`trajectory ${trajectory.id}: the run ended "${result.status}"`);
    messages = [...result.messages];
    turns = [];
  };

  const opening = trajectory.steps[0];
  if (opening === undefined || !("user" in opening))
    messages.push(userMessage(task.user_scenario.instructions.reason_for_call));
  for (const step of trajectory.steps) {
    if (held) break;
    await applyStep(step);
  }
  if (!held) await runQueued();
  return { id: trajectory.id, task_id: trajectory.task_id, digest: databaseDigest(db), steps };

  async function applyStep(step: TrajectoryStep): Promise<void> {
    if ("user" in step) {
      await runQueued();
      messages.push(userMessage(step.user));
    } else if ("assistant" in step) {
      pendingText.push(step.assistant);
    } else {
      // Text written just before calls goes in the same turn, beside the tool_use blocks.
      const text = pendingText.length > 0 ? [{ type: "text" as const, text: pendingText.join("\n\n") }] : [];
      pendingText = [];
      const calls = step.calls.map((call) => ({
        type: "tool_use" as const,
        name: call.name,
        input: call.arguments,
      }));
      turns.push({ content: [...text, ...calls] });
    }
  }
}

function textTurn(text: string): MessageTemplate {
  return { content: [{ type: "text", text }] };
}

function userMessage(text: string): MessageParam {
  return { role: "user", content: text };
}

function stepRecord(call: ToolCallRecord): StepRecord {
  const { outcome } = call;
  return {
    name: call.requested,
    decision: call.decision ?? "allow",
    hook: call.hook ?? null,
    outcome: outcome.kind,
    category: outcome.kind === "error" ? outcome.category : null,
    code: outcome.kind === "success" ? null : outcome.code,
  };
}
