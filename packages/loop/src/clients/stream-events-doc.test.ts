import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

it("README's stream-event table names every ModelStreamEvent type, and no other", () => {
  const source = read("./model-client.ts");
  const union = source.slice(
    source.indexOf("export type ModelStreamEvent"),
    source.indexOf("export interface"),
  );
  const declared = [...union.matchAll(/type: "([a-z_]+)"/g)].map((match) => match[1]).sort();
  const readme = read("../../README.md");
  const section = readme.slice(readme.indexOf("## Stream events"), readme.indexOf("## Trace"));
  const documented = [...section.matchAll(/^\| `([a-z_]+)` /gm)]
    .map((match) => match[1])
    .filter((name) => name !== "type")
    .sort();
  expect(declared.length).toBeGreaterThan(3);
  expect(documented).toEqual(declared);
});
