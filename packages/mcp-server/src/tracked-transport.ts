import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import type { InFlight } from "./in-flight.js";

type Id = string | number;

/**
 * Wraps a transport so that a request counts as in flight from the moment it arrives until its response
 * has been handed to the transport (or the client cancelled it). Counting in the tool handler is not
 * enough: the SDK sends the response a few ticks after the handler returns, and a shutdown that closed
 * the transport in between would lose the answer.
 */
export class TrackedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private readonly ends = new Map<Id, () => void>();

  constructor(
    private readonly inner: Transport,
    private readonly inFlight: InFlight,
  ) {}

  start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      if ("method" in message && "id" in message) {
        this.finish(message.id);
        this.ends.set(message.id, this.inFlight.begin());
      } else if ("method" in message && message.method === "notifications/cancelled") {
        const requestId = (message.params as { requestId?: unknown } | undefined)?.requestId;
        if (typeof requestId === "string" || typeof requestId === "number") this.finish(requestId);
      }
      this.onmessage?.(message, extra);
    };
    this.inner.onclose = () => {
      for (const id of [...this.ends.keys()]) this.finish(id);
      this.onclose?.();
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    try {
      await this.inner.send(message, options);
    } finally {
      if (!("method" in message) && "id" in message && message.id !== null) this.finish(message.id as Id);
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private finish(id: Id): void {
    this.ends.get(id)?.();
    this.ends.delete(id);
  }
}
