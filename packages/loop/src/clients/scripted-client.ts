import type { Message, MessageCreateRequest, MessageParam } from "@keel/wire";
import { completeMessage, type MessageTemplate } from "@keel/wire";
import { findMessageProblem } from "@keel/wire/internal";
import { emitMessageEvents } from "./message-events.js";
import type { ModelClient, ModelRequestOptions } from "./model-client.js";
import { abortedError, ModelClientError } from "./model-client-error.js";
import { RequestSnapshots } from "./request-snapshot.js";

/** One scripted turn: a (possibly partial) Message, or a ModelClientError to reject with. */
export type ScriptStep = MessageTemplate | ModelClientError;

/** Computes the response to request number `index` (0-based); return undefined to end the script. */
export type ScriptFunction = (
  request: MessageCreateRequest,
  index: number,
) => ScriptStep | undefined | Promise<ScriptStep | undefined>;

export interface ScriptedClientOptions {
  /** Shown in traces; defaults to "scripted". */
  readonly name?: string | undefined;
}

/**
 * Serves scripted Messages API responses in order (or from a function) and records every request.
 * A partial message gets what it lacks: `id` (`msg_scripted_<n>`), `type`, `role`, `model` (the
 * request's), `stop_reason` (`tool_use` if it has a tool_use block, else `end_turn`), `stop_sequence`
 * (null), `usage` (zeros) and tool_use ids (`toolu_scripted_<n>_<block index>`); each response is a
 * fresh copy. A ModelClientError step is rejected as-is, to script failures. Events are replayed from
 * each message before `create` resolves. When the script runs out, `create` rejects with kind
 * `script_exhausted`. An array script is validated and copied when constructed.
 */
export class ScriptedClient implements ModelClient {
  readonly name: string;
  readonly #script: readonly ScriptStep[] | ScriptFunction;
  readonly #requests: MessageCreateRequest[] = [];
  readonly #snapshots = new RequestSnapshots();

  constructor(script: readonly ScriptStep[] | ScriptFunction, options: ScriptedClientOptions = {}) {
    if (typeof script !== "function") {
      for (const [index, step] of script.entries()) {
        if (ModelClientError.isInstance(step)) continue;
        const problem = findMessageProblem(step, `script[${index}]`);
        if (problem) throw new ModelClientError("invalid_response", `ScriptedClient: ${problem}`);
      }
    }
    this.#script = typeof script === "function" ? script : [...script];
    this.name = options.name ?? "scripted";
  }

  /** Snapshots of the requests received so far, in order (frozen; see RequestSnapshots). */
  get requests(): readonly MessageCreateRequest[] {
    return this.#requests;
  }

  async create(request: MessageCreateRequest, options: ModelRequestOptions = {}): Promise<Message> {
    if (options.signal?.aborted) throw abortedError(options.signal.reason);
    const index = this.#requests.length;
    const snapshot = this.#snapshots.take(request);
    this.#requests.push(snapshot);
    const step = await this.#stepFor(snapshot, index);
    if (ModelClientError.isInstance(step)) throw step;
    // A deep copy, so a caller editing a response never edits the script.
    const message = completeMessage(structuredClone(step), {
      model: request.model,
      id: `msg_scripted_${index}`,
      usage: { input_tokens: 0, output_tokens: 0 },
      toolUseId: (block) => `toolu_scripted_${index}_${block}`,
    });
    emitMessageEvents(message, options.onEvent);
    return message;
  }

  async #stepFor(request: MessageCreateRequest, index: number): Promise<ScriptStep> {
    if (typeof this.#script !== "function") {
      const step = this.#script[index];
      if (step === undefined)
        throw exhausted(`all ${this.#script.length} scripted responses were served`, request);
      return step;
    }
    let step: ScriptStep | undefined;
    try {
      step = await this.#script(request, index);
    } catch (error) {
      if (ModelClientError.isInstance(error)) throw error;
      throw new ModelClientError(
        "invalid_response",
        `ScriptedClient: the script function threw for request #${index + 1}: ${String(error)}`,
        { cause: error },
      );
    }
    if (step === undefined || step === null) {
      throw exhausted(`the script function served ${index} responses and returned nothing`, request);
    }
    if (ModelClientError.isInstance(step)) return step;
    const problem = findMessageProblem(step, `response #${index + 1}`);
    if (problem) throw new ModelClientError("invalid_response", `ScriptedClient: ${problem}`);
    return step;
  }
}

function exhausted(what: string, request: MessageCreateRequest): ModelClientError {
  const last = request.messages.at(-1);
  return new ModelClientError(
    "script_exhausted",
    `ScriptedClient: script exhausted: ${what}, and the loop sent another request ` +
      `(its last message: ${last ? summarizeMessage(last) : "none"}). ` +
      "Add a response to the script, or find out why the loop asked the model again.",
  );
}

/** "user [tool_result toolu_1, text]": enough to recognise a turn in an error message. */
function summarizeMessage(message: MessageParam): string {
  if (typeof message.content === "string") return `${message.role} text`;
  const blocks = message.content.map((block) => {
    if (block.type === "tool_result" || block.type === "tool_use") {
      const id = block.type === "tool_use" ? block.id : (block as { tool_use_id?: unknown }).tool_use_id;
      return `${block.type} ${String(id)}`;
    }
    return block.type;
  });
  return `${message.role} [${blocks.join(", ")}]`;
}
