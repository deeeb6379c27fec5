/** Appended (as a text block after the tool results) to the last user turn before the forced final request. */
export const FINAL_ANSWER_INSTRUCTION =
  "You have reached the limit of tool calls for this request. Do not call any more tools. " +
  "Answer the user's request now from the information gathered so far, and say plainly what is still unknown or was not done.";
