import { KeelConfigError } from "@keel/errors";

/** The SQL drivers, optional peer dependencies of @keel/support-desk: installed only by who uses them. */
export const SQL_DRIVERS = {
  pglite: { package: "@electric-sql/pglite", range: "^0.5.0", store: "the embedded PGlite store" },
  postgres: { package: "pg", range: "^8.11.0", store: "the PostgreSQL store (databaseUrl)" },
} as const;

/**
 * Loads a driver module; when its package is not installed, a KeelConfigError (SQL_DRIVER_MISSING) that
 * names the package and the install line, instead of Node's bare ERR_MODULE_NOT_FOUND.
 */
export async function loadDriver<T>(driver: keyof typeof SQL_DRIVERS, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const { package: name, range, store } = SQL_DRIVERS[driver];
    if (
      (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
      String((error as Error).message).includes(name)
    ) {
      throw new KeelConfigError(
        "SQL_DRIVER_MISSING",
        `createSqlBackend: ${store} needs the optional peer dependency ${name}, which is not installed. ` +
          `Install it beside @keel/support-desk: npm i ${name}@"${range}" (the in-memory store needs neither driver).`,
      );
    }
    throw error;
  }
}
