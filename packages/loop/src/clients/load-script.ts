import { readFile } from "node:fs/promises";
import { describeReadError, parseJsonText } from "@keel/diagnostics";
import type { MessageTemplate } from "@keel/wire";
import { findMessageProblem } from "@keel/wire/internal";
import { ModelClientError } from "./model-client-error.js";

/**
 * Reads a JSON file holding an array of Messages API responses (full or partial Message objects)
 * for `new ScriptedClient(...)` (a leading byte order mark is ignored). Rejects with kind
 * `invalid_response` naming the file and the problem, in the words of every Keel file reader:
 * `run.json: not readable: no such file (ENOENT)`, `run.json: not valid JSON at line 3, column 7: a trailing
 * comma`, `run.json: [1].content[0].text: ...` (the JSON path of the first problem).
 */
export async function loadScript(path: string): Promise<MessageTemplate[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new ModelClientError("invalid_response", `${path}: ${describeReadError(error)}`, { cause: error });
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new ModelClientError("invalid_response", `${path}: ${parsed.problem}`);
  return checkScript(parsed.value, path);
}

/**
 * Validates an already parsed script (an array of full or partial Message objects); `source` names it in
 * error messages. Rejects with kind `invalid_response` naming the JSON path of the first problem.
 */
export function checkScript(value: unknown, source: string): MessageTemplate[] {
  if (!Array.isArray(value)) {
    throw new ModelClientError(
      "invalid_response",
      `${source}: must hold a JSON array of Message objects (one per model turn), got ${
        value === null ? "null" : typeof value
      }`,
    );
  }
  for (const [index, item] of value.entries()) {
    const problem = findMessageProblem(item, `[${index}]`);
    if (problem) throw new ModelClientError("invalid_response", `${source}: ${problem}`);
  }
  return value as MessageTemplate[];
}
