import { permissionError, validationError } from "@keel/errors";
import { conversationFacts } from "./conversation-facts.js";
import { retailRule } from "./retail-rule.js";

const TURN_RULE =
  "You should at most make one tool call at a time, and if you take a tool call, you should not respond to the user at the same time.";

/** Policy: "You should at most make one tool call at a time" — a turn of several tool calls runs none of them. */
export const oneToolCallPerTurn = retailRule("one-tool-call-per-turn", "all", ({ context }) =>
  context.batch.length <= 1
    ? undefined
    : validationError(
        "ONE_CALL_PER_TURN",
        `The policy allows one tool call per turn and this turn made ${context.batch.length}; none of them ran. Make the first call alone, then the next in a later turn.`,
      ),
);

/**
 * Policy: "if you take a tool call, you should not respond to the user at the same time. If you respond to the
 * user, you should not make a tool call at the same time." — a tool_use beside text in one turn does not run.
 */
export const noTextBesideToolCall = retailRule("no-text-beside-tool-call", "all", ({ context }) =>
  conversationFacts(context).textBesideCall.trim() === ""
    ? undefined
    : validationError(
        "TEXT_BESIDE_TOOL_CALL",
        `${TURN_RULE} This turn had text beside the tool call, so the call did not run: make the call alone, and speak to the user in a turn without tool calls.`,
      ),
);

/**
 * Policy: "To transfer, first make a tool call to transfer_to_human_agents, and then send the message 'YOU ARE
 * BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.' to the user." After the transfer the conversation is
 * the human agent's: no further tool call runs.
 */
export const transferThenMessage = retailRule("transfer-then-message", "all", ({ context }) =>
  conversationFacts(context).transferred
    ? permissionError(
        "TRANSFERRED",
        "The user was transferred to a human agent; the policy's next step is the message 'YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON.', with no further tool call.",
      )
    : undefined,
);
