import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { storeFailureOf } from "./store-failure.js";

const thrownBy = async (run: () => Promise<unknown>): Promise<unknown> => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
};

describe("storeFailureOf", () => {
  it("reads a refused PostgreSQL connection as unreachable", async () => {
    const pool = new pg.Pool({ connectionString: "postgres://keel:keel@127.0.0.1:1/keel" });
    const error = await thrownBy(() => pool.query("SELECT 1"));
    await pool.end();
    expect(storeFailureOf(error)).toEqual({ kind: "unreachable" });
  });

  it("reads a closed PGlite as unreachable", async () => {
    const database = await PGlite.create();
    await database.close();
    expect(storeFailureOf(await thrownBy(() => database.query("SELECT 1")))).toEqual({ kind: "unreachable" });
  });

  it.each([
    ["57014", "timeout"],
    ["40001", "timeout"],
    ["08006", "unreachable"],
    ["57P01", "unreachable"],
    ["53300", "unreachable"],
    ["ETIMEDOUT", "timeout"],
  ])("reads the code %s as %s", (code, kind) => {
    expect(storeFailureOf(Object.assign(new Error("database trouble"), { code }))).toEqual({ kind });
  });

  it("leaves other errors alone, so a bug never passes for an outage or for not found", () => {
    expect(storeFailureOf(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBeNull();
    expect(storeFailureOf(new TypeError("x is undefined"))).toBeNull();
    expect(storeFailureOf("a string")).toBeNull();
  });
});
