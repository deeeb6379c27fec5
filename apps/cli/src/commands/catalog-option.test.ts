import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { onlyJson, runCli } from "../cli.test-helpers.js";

const CATALOG = fileURLToPath(new URL("./__fixtures__/shop-catalog.mjs", import.meta.url));

describe("--catalog MODULE: an outside catalog for keel route and keel lint-tools", () => {
  it("routes a request over the module's tools", async () => {
    const { code, stdout } = await runCli([
      "route",
      "please cancel my order, it has not shipped",
      "--catalog",
      CATALOG,
      "--json",
    ]);
    expect(code).toBe(0);
    expect(onlyJson(stdout)).toMatchObject({ tool: "cancel_order", ambiguous: null });
  });

  it("lints the module's tools and names the catalog as the surface", async () => {
    const { code, stdout } = await runCli(["lint-tools", "--catalog", CATALOG, "--json"]);
    expect(code).toBe(0);
    expect(onlyJson(stdout)).toMatchObject({ surface: `catalog:${CATALOG}`, errors: 0 });
  });

  it("refuses a module it cannot load, naming it (exit 2)", async () => {
    const { code, stderr } = await runCli(["lint-tools", "--catalog", "./no-such-module.mjs", "--json"]);
    expect(code).toBe(2);
    expect(stderr).toContain("--catalog ./no-such-module.mjs: the module could not be loaded");
  });

  it("refuses --catalog with --naive", async () => {
    const { code, stderr } = await runCli(["route", "cancel", "--catalog", CATALOG, "--naive"]);
    expect(code).toBe(2);
    expect(stderr).toContain("--naive and --catalog exclude each other");
  });
});
