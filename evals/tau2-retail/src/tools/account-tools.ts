import { success, validationError } from "@keel/errors";
import { defineTool, evaluateExpression } from "@keel/tools";
import { z } from "zod/v4";
import { pythonRound2 } from "../db/python-round.js";
import type { RetailDb } from "../db/retail-db.js";
import { RETAIL_DESCRIPTIONS } from "./descriptions.js";
import { pythonFloatText } from "./python-float-text.js";
import { getUser } from "./records.js";
import { addressWrite } from "./shared-writes.js";

const CALCULATOR_CHARACTERS = /^[0-9+\-*/(). ]*$/;

/** modify_user_address, calculate and transfer_to_human_agents: the tools outside any one order. */
export function accountTools(db: RetailDb) {
  return [
    addressWrite("modify_user_address", (id) => getUser(db, id)),
    defineTool({
      name: "calculate",
      description: RETAIL_DESCRIPTIONS.calculate,
      input: z.strictObject({
        expression: z.string().describe("Arithmetic such as '2 + 2': digits, + - * / ( ) . and spaces."),
      }),
      effect: "read",
      handler: ({ expression }) => {
        // τ²'s character check first, then Keel's safe evaluator in place of Python's eval.
        if (!CALCULATOR_CHARACTERS.test(expression))
          return validationError(
            "INVALID_CHARACTERS",
            "Invalid characters in expression. Use only digits, + - * / ( ) . and spaces, then call again.",
            { details: { field: "expression", tau2_error: "Invalid characters in expression" } },
          );
        const result = evaluateExpression(expression);
        // The library's guidance lists its own operators (% included); this tool takes τ²'s characters only.
        if (result.kind === "error")
          return {
            ...result,
            message: result.message.replace(
              /Use only numbers, [^.]*\./,
              "Use only digits, + - * / ( ) . and spaces (no // or %).",
            ),
          };
        if (result.kind !== "success") return result;
        // τ² answers str(round(float(value), 2)): Python's rounding and Python's float text ("4.0").
        return success(pythonFloatText(pythonRound2(result.data)));
      },
    }),
    defineTool({
      name: "transfer_to_human_agents",
      description: RETAIL_DESCRIPTIONS.transfer_to_human_agents,
      input: z.strictObject({ summary: z.string().describe("A summary of the user's issue.") }),
      // An escalation: it acts (hands the user over), so it runs alone, in order; the database is untouched.
      effect: "write",
      idempotent: true,
      annotations: { destructiveHint: false },
      handler: (_input, context) =>
        success({
          status: "Transfer successful",
          ticket_id: `transfer-${context.idempotencyKey ?? context.toolUseId}`,
        }),
    }),
  ];
}
