import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { runReadmeExample } from "../../hooks/src/readme-example.test-helpers.js";

it("runs the README's first example: the $750 refund is held and its handler never runs", async () => {
  const logged = await runReadmeExample({
    readme: new URL("../README.md", import.meta.url),
    imports: { "@keel/tool-call": fileURLToPath(new URL("./index.ts", import.meta.url)) },
    // Inside the package, so the example's other imports (@keel/hooks, zod, ...) resolve as they do here.
    scratchParent: fileURLToPath(new URL("../.vitest", import.meta.url)),
  });
  expect(logged).toContainEqual(["hold", null, "APPROVAL_REQUIRED"]);
});
