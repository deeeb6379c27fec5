import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";

type Id = string | number;

/**
 * A one-shot SDK transport for one stateless HTTP exchange: the request's JSON-RPC messages go in, the
 * responses to its requests come out, and then it is done. This is the Streamable HTTP "JSON response"
 * mode (the spec lets a server answer a POST with `application/json`) without the SDK's conversion of
 * every Node request into a Web Request/Response and back, which cost more than the tools themselves.
 * Notifications a handler sends while it runs are dropped, as in the SDK's JSON mode.
 */
export class JsonExchangeTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private readonly pending = new Set<Id>();
  private readonly responses: JSONRPCMessage[] = [];
  private finish: ((responses: JSONRPCMessage[]) => void) | undefined;
  private closed = false;

  async start(): Promise<void> {}

  /**
   * Hands the messages to the connected server and resolves with the responses to every request among
   * them, in the order they completed (empty when there were only notifications or responses).
   */
  exchange(messages: readonly JSONRPCMessage[], extra: MessageExtraInfo): Promise<JSONRPCMessage[]> {
    for (const message of messages) {
      if ("method" in message && "id" in message) this.pending.add(message.id);
    }
    const done = new Promise<JSONRPCMessage[]>((resolve) => {
      this.finish = resolve;
    });
    for (const message of messages) this.onmessage?.(message, extra);
    if (this.pending.size === 0) this.finish?.(this.responses);
    return done;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed || !("id" in message) || "method" in message) return;
    const id = message.id as Id;
    if (!this.pending.delete(id)) return;
    this.responses.push(message);
    if (this.pending.size === 0) this.finish?.(this.responses);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}
