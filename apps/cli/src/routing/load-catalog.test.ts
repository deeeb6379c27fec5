import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { onlyJson, runCli, temporaryDirectory } from "../cli.test-helpers.js";

const SUPPORT = fileURLToPath(new URL("./__fixtures__/support-catalog.mjs", import.meta.url));
/**
 * A folder whose node_modules holds `name`, an ESM-only package (an exports map, no "require") that exports
 * a tool as defineTool builds it: built without imports, since a package outside the workspace resolves none.
 */
function installedPackage(name: string): string {
  const cwd = temporaryDirectory();
  const root = join(cwd, "node_modules", name);
  mkdirSync(root, { recursive: true });
  const exports = { ".": { types: "./index.d.ts", import: "./index.mjs" }, "./catalog": "./index.mjs" };
  writeFileSync(join(root, "package.json"), JSON.stringify({ name, type: "module", exports }));
  const description = {
    does: "Cancels a pending order",
    useWhen: ["the user wants to cancel an order that has not shipped"],
    doNotUseWhen: [],
    takes: "order_id",
    returns: "the cancelled order",
  };
  const tool = {
    name: "cancel_order",
    description,
    renderedDescription: `${description.does}. Use when ${description.useWhen[0]}. Takes: order_id.`,
    inputJsonSchema: { type: "object", properties: { order_id: { type: "string" } } },
    effect: "write",
  };
  writeFileSync(join(root, "index.mjs"), `export const tools = [${JSON.stringify(tool)}];\n`);
  return cwd;
}

describe("--catalog MODULE: which modules it accepts", () => {
  it("accepts tools defined with a four-part description object (createSupportTools)", async () => {
    const routed = await runCli(["route", "Where is ORD-1001?", "--catalog", SUPPORT, "--json"]);
    expect(routed.code).toBe(0);
    expect(onlyJson(routed.stdout)).toMatchObject({ tool: "lookup_order", ambiguous: null });
    const linted = await runCli(["lint-tools", "--catalog", SUPPORT, "--json"]);
    expect(linted.code).toBe(0);
    expect(onlyJson(linted.stdout)).toMatchObject({ surface: `catalog:${SUPPORT}`, errors: 0 });
  });

  it("routes over a catalog module as over the same tools built in-process", async () => {
    const request = "I don't want a refund, just tell me where ORD-1001 is";
    const { code, stdout } = await runCli(["route", request, "--catalog", SUPPORT, "--json"]);
    expect(code).toBe(0);
    expect(onlyJson(stdout)).toEqual(onlyJson((await runCli(["route", request, "--json"])).stdout));
  });

  it("resolves a bare package name from the current directory, with its exports map and a subpath", async () => {
    const cwd = installedPackage("@acme/shop-tools");
    const request = ["route", "please cancel my order, it has not shipped"];
    for (const specifier of ["@acme/shop-tools", "@acme/shop-tools/catalog"]) {
      const { code, stdout, stderr } = await runCli([...request, "--catalog", specifier, "--json"], { cwd });
      expect(stderr, specifier).toBe("");
      expect(code).toBe(0);
      expect(onlyJson(stdout)).toMatchObject({ tool: "cancel_order" });
    }
  });

  it("refuses a package the current directory does not have, naming it (exit 2)", async () => {
    const cwd = installedPackage("shop-tools");
    const { code, stderr } = await runCli(["lint-tools", "--catalog", "other-tools", "--json"], { cwd });
    expect(code).toBe(2);
    expect(stderr).toContain("--catalog other-tools: the module could not be loaded");
  });

  it("refuses a module whose exports are not Keel tools", async () => {
    const cwd = temporaryDirectory();
    writeFileSync(join(cwd, "plain.mjs"), 'export const tools = [{ name: "x", description: "y" }];\n');
    const { code, stderr } = await runCli(["route", "hi", "--catalog", "./plain.mjs"], { cwd });
    expect(code).toBe(2);
    expect(stderr).toContain('its default export or its "tools" export must be');
  });
});
