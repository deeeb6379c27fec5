import type { Message, MessageCreateRequest } from "@keel/wire";
import { CASSETTE_VERSION, type Cassette, type CassetteInteraction, writeCassette } from "./cassette.js";
import type { ModelClient, ModelRequestOptions } from "./model-client.js";
import { ModelClientError } from "./model-client-error.js";
import { environmentSecrets, redactSecrets } from "./redact-secrets.js";

interface RedactionOptions {
  /** Literal strings to redact besides the built-in patterns and the value of ANTHROPIC_API_KEY. */
  readonly secrets?: readonly string[] | undefined;
}

export type RecordingClientOptions =
  | ({ readonly path: string } & RedactionOptions)
  /** Receives the whole cassette after each interaction. */
  | ({ readonly sink: (cassette: Cassette) => void | Promise<void> } & RedactionOptions);

/**
 * Records every request and its response (or its ModelClientError) of an inner client into a cassette,
 * with secrets redacted: sk-ant-/sk- keys, bearer tokens, common token shapes, ANTHROPIC_API_KEY's value,
 * the given literals, and credential keys such as `authorization` or `x-api-key` at any depth.
 * The cassette is written (to `path`, atomically) or handed to `sink` after each interaction, before
 * `create` resolves; a write failure rejects with the file system error. Aborted requests are not
 * recorded. Events from the inner client are passed through live.
 */
export class RecordingClient implements ModelClient {
  readonly name: string;
  readonly #inner: ModelClient;
  readonly #save: (cassette: Cassette) => void | Promise<void>;
  readonly #secrets: readonly string[];
  readonly #interactions: CassetteInteraction[] = [];
  readonly #redactedMessages = new WeakMap<object, unknown>();
  #saving: Promise<void> = Promise.resolve();

  constructor(inner: ModelClient, options: RecordingClientOptions) {
    this.#inner = inner;
    this.name = `recording(${inner.name})`;
    this.#secrets = [...(options.secrets ?? []), ...environmentSecrets()];
    this.#save = "path" in options ? (cassette) => writeCassette(options.path, cassette) : options.sink;
  }

  /** The recording so far (already redacted). */
  get cassette(): Cassette {
    return { version: CASSETTE_VERSION, interactions: this.#interactions };
  }

  async create(request: MessageCreateRequest, options: ModelRequestOptions = {}): Promise<Message> {
    const recorded = this.#redactRequest(request);
    let response: Message;
    try {
      response = await this.#inner.create(request, options);
    } catch (error) {
      if (ModelClientError.isInstance(error) && error.kind !== "aborted") {
        await this.#record({ request: recorded, error: redactSecrets(error.toJSON(), this.#secrets) });
      }
      throw error;
    }
    await this.#record({ request: recorded, response: redactSecrets(response, this.#secrets) });
    return response;
  }

  async #record(interaction: CassetteInteraction): Promise<void> {
    this.#interactions.push(interaction);
    const cassette = this.cassette;
    // Writes are chained so a slow write never lands after a newer one; a failed write fails its own
    // request only, and the next write (with every interaction) repairs the file.
    this.#saving = this.#saving.catch(() => undefined).then(() => this.#save(cassette));
    await this.#saving;
  }

  /** Redacts each message once, by identity: history is append-only, so earlier turns are reused. */
  #redactRequest(request: MessageCreateRequest): MessageCreateRequest {
    const { messages, ...rest } = request;
    const redacted = redactSecrets(rest, this.#secrets) as MessageCreateRequest;
    redacted.messages = messages.map((message) => {
      let copy = this.#redactedMessages.get(message);
      if (copy === undefined) {
        copy = redactSecrets(message, this.#secrets);
        this.#redactedMessages.set(message, copy);
      }
      return copy as MessageCreateRequest["messages"][number];
    });
    return redacted;
  }
}
