import type { PreToolHook } from "@keel/hooks";
import { type ModelClient, type RunResult, runAgent } from "@keel/loop";
import { createToolset } from "@keel/tools";
import type { MessageParam } from "@keel/wire";
import { databaseDigest } from "../db/digest.js";
import { loadPristineDb, type RetailDb } from "../db/retail-db.js";
import { loadExpectedDigests, loadPolicy, type Tau2Task } from "../gold/tasks.js";
import { createRetailTools } from "../tools/create-retail-tools.js";
import { AGENT_GREETING, type UserEnding, userEnding, userSimulatorPrompt } from "./user-simulator.js";

/**
 * How a conversation ended. The user's three markers and the agent's transfer end it normally and the
 * database is graded; anything else fails the trial, as τ²'s evaluator gives 0 to a conversation that did not
 * end with a stop (`max_turns`: the user-turn cap; `agent_error` / `user_error`: a run of that side ended
 * otherwise than by answering, e.g. the agent's round cap or a held call; `model_error`: a request failed,
 * a replayed one that differs from its cassette included).
 */
export type Termination =
  | UserEnding
  | "agent_transfer"
  | "max_turns"
  | "agent_error"
  | "user_error"
  | "model_error";

const GRADED: ReadonlySet<Termination> = new Set([
  "user_stop",
  "user_transfer",
  "user_out_of_scope",
  "agent_transfer",
]);

export interface TrialSettings {
  /** The agent's model and the simulated user's. */
  readonly model: string;
  readonly userModel: string;
  /** The most messages the simulated user writes; reaching it fails the trial. */
  readonly maxTurns: number;
  /** The most tool rounds of one agent reply. */
  readonly maxRounds: number;
  /** The pre-tool hooks over the trial's database; none is the naive surface. */
  readonly preHooks?: ((db: RetailDb) => readonly PreToolHook[]) | undefined;
}

/** The two model conversations of a trial: Keel's agent and the simulated user. */
export interface TrialClients {
  readonly agent: ModelClient;
  readonly user: ModelClient;
}

export interface TrialResult {
  readonly task_id: string;
  /** 1-based. */
  readonly trial: number;
  readonly termination: Termination;
  /** Messages the simulated user wrote, its ending message included. */
  readonly user_turns: number;
  /** Hex sha256 of the final database (the digest of `data/expected-digests.json`). */
  readonly digest: string;
  /** Ended normally and left the task's gold database. */
  readonly passed: boolean;
  readonly tool_calls: number;
  /** Calls a hook stopped (any decision but allow). */
  readonly stopped_by_hooks: number;
  /** Why the trial could not run to an ending, for `model_error`, `agent_error` and `user_error`. */
  readonly error?: string;
}

/**
 * One trial of a task: the simulated user speaks first (after τ²'s greeting), then the agent (`runAgent` with
 * the retail tools, the policy verbatim as its system prompt and the hooks) answers each user message with one
 * run continuing the same history, until the user writes an ending marker, the agent transfers, or the user
 * has written `maxTurns` messages. Graded by the final database's digest against the task's gold digest.
 */
export async function runTrial(
  task: Tau2Task,
  trial: number,
  clients: TrialClients,
  settings: TrialSettings,
): Promise<TrialResult> {
  const db = loadPristineDb();
  const toolset = createToolset(createRetailTools(db));
  const preHooks = settings.preHooks?.(db);
  const agentSystem = loadPolicy();
  const userSystem = userSimulatorPrompt(task);
  // Run ids enter the idempotency keys of writes, and the transfer answers with its key (the ticket id): with
  // the default random ids a replayed request would differ from its cassette.
  let runs = 0;
  const idGenerator = () => `tau2-${task.id}-${trial}-run-${++runs}`;
  let agentMessages: MessageParam[] = [];
  // The simulator's own view: the agent's words are its user turns, its words its assistant turns.
  const userMessages: MessageParam[] = [{ role: "user", content: AGENT_GREETING }];
  let toolCalls = 0;
  let stopped = 0;
  let userTurns = 0;

  const finish = (termination: Termination, error?: string): TrialResult => {
    const digest = databaseDigest(db);
    const gold = loadExpectedDigests().digests[task.id];
    return {
      task_id: task.id,
      trial,
      termination,
      user_turns: userTurns,
      digest,
      passed: GRADED.has(termination) && digest === gold,
      tool_calls: toolCalls,
      stopped_by_hooks: stopped,
      ...(error !== undefined ? { error } : {}),
    };
  };

  while (userTurns < settings.maxTurns) {
    const spoken = await runAgent({
      client: clients.user,
      model: settings.userModel,
      system: userSystem,
      messages: userMessages,
      maxIterations: 1,
      idGenerator,
    });
    if (spoken.status !== "completed") return finish(...failure("user", spoken));
    userTurns += 1;
    const ending = userEnding(spoken.text);
    if (ending !== undefined) return finish(ending);
    const said = spokenText(spoken.text);
    userMessages.push({ role: "assistant", content: said });

    const reply = await runAgent({
      client: clients.agent,
      model: settings.model,
      system: agentSystem,
      tools: toolset,
      ...(preHooks ? { hooks: { pre: [...preHooks] } } : {}),
      messages: [...agentMessages, { role: "user", content: said }],
      maxIterations: settings.maxRounds,
      idGenerator,
    });
    toolCalls += reply.toolCalls.length;
    stopped += reply.toolCalls.filter((call) => call.decision !== null && call.decision !== "allow").length;
    // A failed request fails the trial even after a transfer (a replay that differs from its cassette).
    if (reply.status === "model_error") return finish(...failure("agent", reply));
    const transferred = reply.toolCalls.some(
      (call) => call.executed === "transfer_to_human_agents" && call.outcome.kind === "success",
    );
    if (transferred) return finish("agent_transfer");
    if (reply.status !== "completed") return finish(...failure("agent", reply));
    agentMessages = [...reply.messages];
    userMessages.push({ role: "user", content: spokenText(reply.text) });
  }
  return finish("max_turns");
}

/** Stands in for a message with no text: τ² skips an empty message, the Messages API refuses an empty turn. */
export const NO_TEXT = "(no answer)";

function spokenText(text: string): string {
  return text.trim() === "" ? NO_TEXT : text;
}

function failure(side: "agent" | "user", result: RunResult): [Termination, string] {
  if (result.status === "model_error")
    return ["model_error", `${side}: ${result.error.kind}: ${result.error.message}`];
  return [`${side}_error`, `${side}: the run ended "${result.status}"`];
}
