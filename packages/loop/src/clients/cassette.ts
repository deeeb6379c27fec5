import { readFileSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { describeReadError, parseJsonText } from "@keel/diagnostics";
import { isRecord } from "@keel/errors/internal";
import type { Message, MessageCreateRequest } from "@keel/wire";
import { describeValue, findMessageProblem } from "@keel/wire/internal";
import { ModelClientError, type ModelClientErrorFields } from "./model-client-error.js";

export const CASSETTE_VERSION = 1;

/** A recorded failure (`ModelClientError#toJSON`): replayed as a ModelClientError with the same fields. */
export type RecordedError = ModelClientErrorFields;

/** One request as the client received it (redacted) and what came back. */
export type CassetteInteraction =
  | { readonly request: MessageCreateRequest; readonly response: Message }
  | { readonly request: MessageCreateRequest; readonly error: RecordedError };

/** A recording of model traffic; conventionally stored as `<name>.cassette.json`. */
export interface Cassette {
  readonly version: typeof CASSETTE_VERSION;
  readonly interactions: readonly CassetteInteraction[];
}

/**
 * Reads and validates a cassette file; throws kind `invalid_response` naming the file and the problem:
 * `Cassette run.json: not readable: no such file (ENOENT)`, `Cassette run.json: not valid JSON at line 3,
 * column 7: a trailing comma` (never JSON.parse's message, which quotes the text: it may hold a secret).
 */
export function readCassette(path: string): Cassette {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ModelClientError("invalid_response", `Cassette ${path}: ${describeReadError(error)}`, {
      cause: error,
    });
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new ModelClientError("invalid_response", `Cassette ${path}: ${parsed.problem}`);
  return checkCassette(parsed.value, path);
}

/** Validates a cassette object; `source` names it in error messages. */
export function checkCassette(value: unknown, source: string): Cassette {
  const fail = (problem: string) =>
    new ModelClientError("invalid_response", `Cassette ${source}: ${problem}`);
  if (!isRecord(value)) throw fail(`expected { version, interactions }, got ${describeValue(value)}`);
  if (value.version !== CASSETTE_VERSION) {
    throw fail(
      `version ${describeValue(value.version)} is not supported (this version reads ${CASSETTE_VERSION})`,
    );
  }
  if (!Array.isArray(value.interactions))
    throw fail(`interactions: expected an array, got ${describeValue(value.interactions)}`);
  for (const [index, interaction] of value.interactions.entries()) {
    const where = `interactions[${index}]`;
    if (
      !isRecord(interaction) ||
      !isRecord(interaction.request) ||
      !Array.isArray(interaction.request.messages)
    ) {
      throw fail(`${where}.request: expected a request with a messages array`);
    }
    if (interaction.response !== undefined) {
      const problem = findMessageProblem(interaction.response, `${where}.response`);
      if (problem) throw fail(problem);
    } else if (!isRecord(interaction.error) || typeof interaction.error.kind !== "string") {
      throw fail(`${where}: expected a response, or an error with a kind`);
    }
  }
  return value as unknown as Cassette;
}

/**
 * Writes the cassette atomically (temporary file, then rename), so a crash never leaves half a file; when
 * the write or the rename fails (the path is a directory, the disk is full) the temporary file is removed
 * before the error is passed on.
 */
export async function writeCassette(path: string, cassette: Cassette): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(cassette, null, 2)}\n`, "utf8");
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
