import type { Message, MessageCreateRequest } from "@keel/wire";
import { type Cassette, checkCassette, readCassette } from "./cassette.js";
import { diffJson, formatDifferences } from "./json-diff.js";
import { emitMessageEvents } from "./message-events.js";
import type { ModelClient, ModelRequestOptions } from "./model-client.js";
import { abortedError, ModelClientError } from "./model-client-error.js";
import { environmentSecrets, redactSecrets } from "./redact-secrets.js";

export type ReplayClientOptions =
  | { readonly path: string; readonly secrets?: readonly string[] | undefined }
  | { readonly cassette: Cassette; readonly secrets?: readonly string[] | undefined };

const SHOWN_DIFFERENCES = 5;

/**
 * Serves a cassette's responses in order, checking that each request equals the recorded one
 * (after the same redaction the recorder applied, and ignoring `stream`). A differing request, or
 * one past the end of the cassette, rejects with kind `replay_mismatch` and a readable diff: the JSON
 * paths of the first differences, expected vs actual, truncated. A recorded error is rejected again as
 * a ModelClientError with the same kind, message and status. A `path` is read when constructed.
 */
export class ReplayClient implements ModelClient {
  readonly name = "replay";
  readonly #cassette: Cassette;
  readonly #source: string;
  readonly #secrets: readonly string[];
  #next = 0;

  constructor(options: ReplayClientOptions) {
    if ("path" in options) {
      this.#cassette = readCassette(options.path);
      this.#source = options.path;
    } else {
      this.#cassette = checkCassette(options.cassette, "(given object)");
      this.#source = "the given cassette";
    }
    this.#secrets = [...(options.secrets ?? []), ...environmentSecrets()];
  }

  /** How many interactions were served so far. */
  get served(): number {
    return this.#next;
  }

  async create(request: MessageCreateRequest, options: ModelRequestOptions = {}): Promise<Message> {
    if (options.signal?.aborted) throw abortedError(options.signal.reason);
    const number = this.#next + 1;
    const interaction = this.#cassette.interactions[this.#next];
    if (!interaction) {
      throw new ModelClientError(
        "replay_mismatch",
        `ReplayClient: request #${number} was not recorded: ${this.#source} holds ${this.#cassette.interactions.length} interactions, all served. Record the run again if the loop now makes more requests.`,
      );
    }
    const { stream: _recordedStream, ...expected } = interaction.request;
    const { stream: _actualStream, ...actual } = redactSecrets(request, this.#secrets);
    const differences = diffJson(expected, actual, SHOWN_DIFFERENCES + 1);
    if (differences.length > 0) {
      const more = differences.length > SHOWN_DIFFERENCES ? "\n  (and more differences)" : "";
      throw new ModelClientError(
        "replay_mismatch",
        `ReplayClient: request #${number} differs from the recording in ${this.#source}:\n` +
          `${formatDifferences(differences.slice(0, SHOWN_DIFFERENCES))}${more}\n` +
          "Record the run again if the change is intended.",
      );
    }
    this.#next++;
    if ("error" in interaction) {
      const { kind, message, ...fields } = interaction.error;
      throw new ModelClientError(kind, message, fields);
    }
    const message = structuredClone(interaction.response);
    emitMessageEvents(message, options.onEvent);
    return message;
  }
}
