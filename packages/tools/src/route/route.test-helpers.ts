import fc from "fast-check";
import { expect } from "vitest";
import type { DescribedFixture } from "../description/reference-tools.test-helpers.js";
import { route } from "./route.js";

/**
 * The router reads descriptions, never names or positions (property): whatever two new names the tools get
 * (in their boundaries too) and whichever comes first, each request of `expected` still goes to the tool it
 * names, now under its new name.
 */
export function expectRoutingIgnoresNamesAndOrder(
  tools: readonly [DescribedFixture, DescribedFixture],
  expected: Readonly<Record<string, string>>,
): void {
  const name = fc.stringMatching(/^[a-z][a-z0-9_]{2,20}$/);
  fc.assert(
    fc.property(name, name, fc.boolean(), (firstName, secondName, reversed) => {
      fc.pre(firstName !== secondName);
      const names: Record<string, string> = { [tools[0].name]: firstName, [tools[1].name]: secondName };
      const renamed = renameTools(tools, names);
      const surface = reversed ? [...renamed].reverse() : renamed;
      for (const [request, tool] of Object.entries(expected)) {
        expect(route(request, surface).tool).toBe(names[tool]);
      }
    }),
  );
}

function renameTools(tools: readonly DescribedFixture[], names: Readonly<Record<string, string>>) {
  const rename = (name: string) => names[name] ?? name;
  return tools.map((tool) => ({
    name: rename(tool.name),
    description: {
      ...tool.description,
      doNotUseWhen: tool.description.doNotUseWhen.map(({ when, useInstead }) =>
        useInstead === undefined ? { when } : { when, useInstead: rename(useInstead) },
      ),
    },
  }));
}
