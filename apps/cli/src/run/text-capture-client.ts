import type { ModelClient, ModelRequestOptions } from "@keel/loop";
import type { Message, MessageCreateRequest } from "@keel/wire";

/**
 * Passes every request through and remembers the text of each response by request number (1-based,
 * as in the trace's request/response events), so a saved trace can show what the model said per round.
 */
export class TextCaptureClient implements ModelClient {
  readonly name: string;
  readonly texts = new Map<number, string>();
  readonly #inner: ModelClient;
  #requests = 0;

  constructor(inner: ModelClient) {
    this.#inner = inner;
    this.name = inner.name;
  }

  async create(request: MessageCreateRequest, options?: ModelRequestOptions): Promise<Message> {
    const index = ++this.#requests;
    const message = await this.#inner.create(request, options);
    const text = message.content
      .flatMap((block) => (block.type === "text" && typeof block.text === "string" ? [block.text] : []))
      .join("\n")
      .trim();
    this.texts.set(index, text);
    return message;
  }
}
