import { KeelConfigError } from "@keel/errors";
import { describe, expect, it } from "vitest";
import { loadDriver } from "./load-driver.js";

const notFound = (specifier: string) =>
  Object.assign(new Error(`Cannot find package '${specifier}' imported from /app/dist/sql-backend.js`), {
    code: "ERR_MODULE_NOT_FOUND",
  });

describe("loadDriver: the SQL drivers are optional peers", () => {
  it("names the missing package and its install line, as a KeelConfigError", async () => {
    const error = await loadDriver("pglite", () => Promise.reject(notFound("@electric-sql/pglite"))).catch(
      (thrown: unknown) => thrown,
    );
    expect(KeelConfigError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "SQL_DRIVER_MISSING" });
    expect((error as Error).message).toContain('npm i @electric-sql/pglite@"^0.5.0"');
    await expect(loadDriver("postgres", () => Promise.reject(notFound("pg")))).rejects.toThrow(
      /PostgreSQL store \(databaseUrl\) needs the optional peer dependency pg/,
    );
  });

  it("passes any other failure through unchanged (a broken install is not a missing one)", async () => {
    const broken = new SyntaxError("Unexpected token in pg/lib/index.js");
    await expect(loadDriver("postgres", () => Promise.reject(broken))).rejects.toBe(broken);
    const otherModule = notFound("pg-native");
    await expect(loadDriver("pglite", () => Promise.reject(otherModule))).rejects.toBe(otherModule);
  });

  it("returns the module when it is there", async () => {
    const module = await loadDriver("pglite", () => import("@electric-sql/pglite"));
    expect(typeof module.PGlite).toBe("function");
  });
});
