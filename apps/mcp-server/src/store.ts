import { createMemoryBackend, createSqlBackend, type SupportBackend } from "@keel/support-desk";

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
export async function openStore(settings: StoreSettings): Promise<Store> {
  let backend: SupportBackend;
  if (settings.kind === "memory") {
    backend = createMemoryBackend();
  } else if (settings.kind === "pglite") {
    backend = await createSqlBackend({ dataDir: settings.dataDir });
  } else {
    backend = await createSqlBackend({ databaseUrl: settings.databaseUrl });
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
