import type { SupportBackend } from "@keel/support-desk";

/**
 * A PostgreSQL store that was down when the server started: every call answers `unreachable` (a
 * transient store failure: the model retries, never reads it as "not found") while the store is opened
 * again every `retryMs` in the background; once it opens, calls go to it. `/healthz` says 503 meanwhile.
 */
export function reconnectingBackend(
  open: () => Promise<SupportBackend>,
  options: {
    readonly retryMs?: number;
    readonly onConnected?: () => void;
    readonly onRetry?: (error: unknown) => void;
  } = {},
): SupportBackend {
  let connected: SupportBackend | undefined;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    timer = undefined;
    if (closed) return;
    open().then(
      (backend) => {
        if (closed) {
          void backend.close();
          return;
        }
        connected = backend;
        options.onConnected?.();
      },
      (error: unknown) => {
        options.onRetry?.(error);
        if (!closed) timer = setTimeout(attempt, options.retryMs ?? 1000);
      },
    );
  };
  timer = setTimeout(attempt, options.retryMs ?? 1000);
  const unreachable = () => Promise.resolve({ kind: "unreachable" as const });
  return new Proxy({} as SupportBackend, {
    get(_target, name: string | symbol) {
      if (name === "close") {
        return async () => {
          closed = true;
          if (timer !== undefined) clearTimeout(timer);
          await connected?.close();
        };
      }
      if (name === "then") return undefined;
      return (...args: unknown[]) => {
        const method = connected?.[name as keyof SupportBackend] as
          | ((...a: unknown[]) => unknown)
          | undefined;
        return connected !== undefined && typeof method === "function"
          ? method.apply(connected, args)
          : unreachable();
      };
    },
  });
}
