/** Where the support tools keep customers, orders, refunds and tickets. */
export type BackendChoice =
  | { readonly kind: "memory" }
  | { readonly kind: "pglite"; readonly dataDir: string }
  | {
      readonly kind: "postgres";
      readonly databaseUrl: string;
      /** Given with --database-url (else DATABASE_URL): what messages name. */
      readonly fromFlag?: boolean;
    };

/** For banners: never the database URL, which may carry a password. */
export function describeBackend(choice: BackendChoice): string {
  if (choice.kind === "memory") return "in-memory sample store";
  if (choice.kind === "pglite") return `PGlite store in ${choice.dataDir}`;
  return `PostgreSQL store (${choice.fromFlag === true ? "--database-url" : "DATABASE_URL"})`;
}
