import { z } from "zod/v4";
import type { Tau2Task } from "../gold/tasks.js";

/**
 * The three markers τ²'s user simulator writes to end a conversation (`user_simulator_base.py`): the goal is
 * met, the user was transferred, or the scenario does not say how to go on. A message holding any of them
 * ends the conversation and is not passed to the agent.
 */
export const USER_ENDINGS = {
  "###STOP###": "user_stop",
  "###TRANSFER###": "user_transfer",
  "###OUT-OF-SCOPE###": "user_out_of_scope",
} as const;

export type UserEnding = (typeof USER_ENDINGS)[keyof typeof USER_ENDINGS];

/** τ²'s orchestrator opens every conversation with this agent message; here only the simulator sees it. */
export const AGENT_GREETING = "Hi! How can I help you today?";

/** The ending a user message asks for, if it holds one of the markers (anywhere, as τ² checks). */
export function userEnding(text: string): UserEnding | undefined {
  for (const [marker, ending] of Object.entries(USER_ENDINGS)) if (text.includes(marker)) return ending;
  return undefined;
}

const userScenario = z.object({
  persona: z.string().nullish(),
  instructions: z.object({
    domain: z.string(),
    reason_for_call: z.string(),
    known_info: z.string().nullish(),
    unknown_info: z.string().nullish(),
    task_instructions: z.string(),
  }),
});

/** Python's `textwrap.indent(text, prefix)`: the prefix before every line that is not only whitespace. */
function indent(text: string, prefix = "\t"): string {
  return text
    .split(/(?<=\n)/)
    .map((line) => (line.trim() === "" ? line : `${prefix}${line}`))
    .join("");
}

/**
 * The task's `user_scenario` as τ² hands it to its simulator (`str(task.user_scenario)` in
 * `tau2/data_model/tasks.py`): "Persona:" when there is one, then "Instructions:" with the domain, the reason
 * for the call, the known and unknown information and the task instructions, each indented by a tab.
 */
export function renderUserScenario(task: Tau2Task): string {
  const scenario = userScenario.parse(task.user_scenario);
  const { instructions } = scenario;
  const parts = [
    `Domain: ${instructions.domain}`,
    `Reason for call:\n${indent(instructions.reason_for_call)}`,
    ...(instructions.known_info != null ? [`Known info:\n${indent(instructions.known_info)}`] : []),
    ...(instructions.unknown_info != null ? [`Unknown info:\n${indent(instructions.unknown_info)}`] : []),
    `Task instructions:\n${indent(instructions.task_instructions)}`,
  ];
  const persona = scenario.persona != null ? ["Persona:", indent(scenario.persona)] : [];
  return [...persona, "Instructions:", indent(parts.join("\n"))].join("\n");
}

/**
 * The simulated customer's guidelines. The idea is τ²'s (`data/tau2/user_simulator/simulation_guidelines.md`
 * at a2c0247): play the customer of the scenario one message at a time, invent nothing, paraphrase, disclose
 * progressively, and end with a marker. The words are Keel's.
 */
const GUIDELINES = `You are role-playing a customer in a chat with an online store's customer service agent. The other side of this conversation is that agent. Play the customer described in the scenario below, and stay in that role.

How to write:
- Write only the customer's next message: one message per turn, in everyday words.
- Keep to the scenario. Whatever it does not tell you, you do not know: never invent names, ids, addresses, numbers or preferences.
- Say things in your own words; do not copy the scenario's sentences.
- Give information a little at a time, when the agent needs it or asks for it, not all at once.

How to end:
- Keep the conversation going until the scenario's goal is reached. Then write ###STOP### to end it.
- If the agent transfers you to a human agent, write ###TRANSFER###.
- If you reach a point the scenario gives you no way to answer, write ###OUT-OF-SCOPE###.`;

/** The simulator's system prompt: the guidelines, then the task's scenario inside `<scenario>` tags. */
export function userSimulatorPrompt(task: Tau2Task): string {
  return `${GUIDELINES}\n\n<scenario>\n${renderUserScenario(task)}\n</scenario>`;
}
