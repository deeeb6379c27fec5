import { type MessagesRequest, startFakeMessagesApi, textResponse, toolUseResponse } from "@keel/testkit";
import type { MessageTemplate } from "@keel/wire";
import { loadPristineDb } from "../db/retail-db.js";
import { policyTrajectory } from "../gold/policy-trajectory.js";
import { taskById } from "../gold/tasks.js";
import type { Trajectory } from "../replay/trajectory.js";
import { renderUserScenario } from "./user-simulator.js";

/** A conversation as two scripts: the agent's turns and the simulated user's messages, each in order. */
export interface ScriptedConversation {
  /** The user's first message: it names the conversation in the agent's requests. */
  readonly opening: string;
  /** Text only the user simulator's system prompt holds (the scenario's reason for the call). */
  readonly scenario: string;
  readonly agent: readonly MessageTemplate[];
  readonly user: readonly string[];
}

/** Closes an agent reply that ends in tool calls (a reply needs text). */
const REPLY_END = "Done. Anything else?";

/**
 * A trajectory (replay interface steps) as the two scripts a live trial needs: each stretch of agent steps
 * between user messages is one reply, closed with text; the user ends with τ²'s ###STOP###.
 */
export function scriptedConversation(trajectory: Trajectory, scenario: string): ScriptedConversation {
  const agent: MessageTemplate[] = [];
  const user: string[] = [];
  let open = false; // the agent's reply ends in tool calls and needs closing text
  const close = () => {
    if (open) agent.push(textResponse(REPLY_END));
    open = false;
  };
  for (const step of trajectory.steps) {
    if ("user" in step) {
      close();
      user.push(step.user);
    } else if ("assistant" in step) {
      agent.push(textResponse(step.assistant));
      open = false;
    } else {
      agent.push(
        toolUseResponse(
          step.calls.map((call) => ({ name: call.name, input: call.arguments as Record<string, unknown> })),
        ),
      );
      open = true;
    }
  }
  close();
  user.push("Thanks, that is all. ###STOP###");
  const opening = user[0];
  if (opening === undefined) throw new Error("a scripted conversation starts with a user message");
  return { opening, scenario, agent, user };
}

const assistantTurns = (request: MessagesRequest) =>
  request.messages.filter((message) => message.role === "assistant").length;

const firstUserText = (request: MessagesRequest): string => {
  const content = request.messages[0]?.content;
  if (typeof content === "string") return content;
  return (content ?? []).map((block) => ("text" in block ? String(block.text) : "")).join("");
};

const systemText = (request: MessagesRequest): string =>
  typeof request.system === "string"
    ? request.system
    : (request.system ?? []).map((block) => block.text).join("");

/**
 * One fake Messages API over HTTP (the testkit's, strict as the real one) playing both parties. A request
 * whose system prompt holds a conversation's scenario is the user simulator's: it gets that conversation's
 * n-th user message when it holds n earlier assistant turns (its own messages). Any other request is the
 * agent's, found by its opening message: it gets the n-th agent turn the same way. So any number of trials
 * can run at once, and a trial's answers never depend on another's.
 */
export async function startScriptedParties(conversations: readonly ScriptedConversation[]) {
  return startFakeMessagesApi({
    handler: (request) => {
      const system = systemText(request);
      const simulated = conversations.find((candidate) => system.includes(candidate.scenario));
      if (simulated !== undefined) {
        const text = simulated.user[assistantTurns(request)];
        if (text === undefined) throw new Error("the user's script is exhausted");
        return textResponse(text);
      }
      const conversation = conversations.find((candidate) => candidate.opening === firstUserText(request));
      if (conversation === undefined) throw new Error("no scripted conversation opens this way");
      const turn = conversation.agent[assistantTurns(request)];
      if (turn === undefined) throw new Error("the agent's script is exhausted");
      return turn;
    },
  });
}

/** Task 90 (test split): the scripted agent runs its gold actions as a policy-following agent would. */
export function goldConversation(): ScriptedConversation {
  const task = taskById("90");
  return scriptedConversation(policyTrajectory(task, loadPristineDb()), renderUserScenario(task));
}

/** Task 108 (test split): the scripted agent transfers at once instead of making the return. */
export function transferConversation(): ScriptedConversation {
  const task = taskById("108");
  const opening = task.user_scenario.instructions.reason_for_call;
  return {
    opening,
    scenario: renderUserScenario(task),
    agent: [
      {
        content: [
          {
            type: "tool_use",
            name: "transfer_to_human_agents",
            input: { summary: "The user wants a return." },
          },
        ],
      },
      { content: [{ type: "text", text: "YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON." }] },
    ],
    user: [opening],
  };
}
