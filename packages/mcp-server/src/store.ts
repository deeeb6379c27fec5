import { createMemoryBackend, createSqlBackend, type SupportBackend } from "@keel/support-desk";
import { reconnectingBackend } from "./reconnecting-backend.js";

/** A connection that could not be made (refused, timed out, name unknown): the database may come back. */
function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (
    (typeof code === "string" &&
      /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|57P03)$/.test(code)) ||
    /timeout|terminated|connect/i.test(message)
  );
}

/** Where the support data lives. */
export type StoreSettings =
  | { readonly kind: "memory" }
  | { readonly kind: "pglite"; readonly dataDir: string }
  | { readonly kind: "postgres"; readonly databaseUrl: string };

export interface StoreHealth {
  readonly kind: StoreSettings["kind"];
  readonly status: "ok" | "timeout" | "unreachable" | "error";
}

/** One open store shared by every request and session of the process. */
export interface Store {
  readonly kind: StoreSettings["kind"];
  readonly backend: SupportBackend;
  /** A cheap read through the backend; never throws. */
  health(): Promise<StoreHealth>;
  close(): Promise<void>;
}

/** An id no customer has: looking it up exercises the store without touching real data. */
const PROBE_CUSTOMER_ID = "C-0000";

/**
 * Opens the store. A PGlite folder is owned by one process: `createSqlBackend` takes its lock and throws
 * DataDirLockedError (naming the owner) when another live process holds it — the CLI included.
 */
export async function openStore(
  settings: StoreSettings,
  options: {
    readonly onDegraded?: ((error: unknown) => void) | undefined;
    readonly onRecovered?: (() => void) | undefined;
  } = {},
): Promise<Store> {
  let backend: SupportBackend;
  if (settings.kind === "memory") {
    backend = createMemoryBackend();
  } else if (settings.kind === "pglite") {
    backend = await createSqlBackend({ dataDir: settings.dataDir });
  } else {
    const open = () => createSqlBackend({ databaseUrl: settings.databaseUrl });
    try {
      backend = await open();
    } catch (error) {
      // A database down at start-up: serve degraded (calls transient, /healthz 503) and keep trying.
      if (!isUnreachable(error)) throw error;
      options.onDegraded?.(error);
      backend = reconnectingBackend(open, options.onRecovered ? { onConnected: options.onRecovered } : {});
    }
  }
  let closed: Promise<void> | undefined;
  return {
    kind: settings.kind,
    backend,
    async health() {
      try {
        const result = await backend.getCustomerById(PROBE_CUSTOMER_ID);
        const status = result.kind === "timeout" || result.kind === "unreachable" ? result.kind : "ok";
        return { kind: settings.kind, status };
      } catch {
        return { kind: settings.kind, status: "error" };
      }
    },
    close() {
      closed ??= backend.close();
      return closed;
    },
  };
}
