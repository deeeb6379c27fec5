import { readRetryAfterMs } from "./anthropic-error.js";
import type { ModelStreamEvent } from "./model-client.js";

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
type Listener = (event: ModelStreamEvent) => void;

/** The RequestInit member, set through the SDK's per-request `fetchOptions`, that carries a request's observation. */
const OBSERVATION = Symbol("keel.retryObservation");

/**
 * One request's retry reporting. When the listener throws, the SDK gets a response it will not retry and
 * `thrown` holds the listener's exception, which the client rethrows as it is.
 */
export class RetryObservation {
  thrown: { readonly error: unknown } | undefined;
  /** Per-request fetch options that have `observingFetch` report this request's HTTP retries. */
  readonly fetchOptions: object;

  constructor(readonly onEvent: Listener) {
    this.fetchOptions = { [OBSERVATION]: this };
  }

  /** Sends the event; false when the listener threw (the request must stop). */
  report(event: ModelStreamEvent): boolean {
    try {
      this.onEvent(event);
      return true;
    } catch (error) {
      this.thrown = { error };
      return false;
    }
  }
}

/** What the SDK receives instead of retrying once the listener threw: an error it must not retry. */
const stopped = (): Response =>
  new Response(null, { status: 499, statusText: "listener failed", headers: { "x-should-retry": "false" } });

/**
 * The SDK's `fetch`: passes every attempt to `baseFetch` and, for a request that carries a listener, sends a
 * `retry` event for each HTTP retry the SDK is about to make — the server's retry-after when given, else the
 * SDK's nominal backoff (it subtracts up to 25% jitter). One function for the client's lifetime, where SDK
 * middleware would build a chain per request.
 */
export function observingFetch(baseFetch: Fetch, maxRetries: number): Fetch {
  return (input, init) => {
    const observation = (init as { [OBSERVATION]?: RetryObservation } | undefined)?.[OBSERVATION];
    if (observation === undefined || maxRetries === 0) return baseFetch(input, init);
    return observe(baseFetch, input, init!, observation, maxRetries);
  };
}

async function observe(
  baseFetch: Fetch,
  input: string | URL | Request,
  init: RequestInit,
  observation: RetryObservation,
  maxRetries: number,
): Promise<Response> {
  const headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
  const retried = Number(headers.get("x-stainless-retry-count") ?? 0);
  const nominalDelayMs = Math.min(500 * 2 ** retried, 8000);
  let response: Response;
  try {
    response = await baseFetch(input, init);
  } catch (error) {
    if (retried < maxRetries && !init.signal?.aborted) {
      const reason = `connection failed: ${String(error)}`;
      if (!observation.report({ type: "retry", attempt: retried + 1, reason, delayMs: nominalDelayMs }))
        return stopped();
    }
    throw error;
  }
  if (!response.ok && retried < maxRetries && sdkRetries(response)) {
    const retryAfterMs = readRetryAfterMs(response.headers);
    const delayMs = retryAfterMs !== undefined && retryAfterMs <= 2 ** 31 - 1 ? retryAfterMs : nominalDelayMs;
    const reason = `HTTP ${response.status}`;
    if (!observation.report({ type: "retry", attempt: retried + 1, reason, delayMs })) {
      await response.body?.cancel();
      return stopped();
    }
  }
  return response;
}

/** The SDK's own retry rule for an HTTP response (client.ts `shouldRetry`). */
function sdkRetries(response: Response): boolean {
  const header = response.headers.get("x-should-retry");
  if (header === "true" || header === "false") return header === "true";
  return (
    response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500
  );
}
