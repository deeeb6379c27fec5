import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { runReadmeExample } from "./readme-example.test-helpers.js";

const readme = new URL("../README.md", import.meta.url);
const indexPath = fileURLToPath(new URL("./index.ts", import.meta.url));

it("runs the README's first example and redirects the $750 refund to escalation", async () => {
  const logged = await runReadmeExample({ readme, imports: { "@keel/hooks": indexPath } });
  expect(logged).toContainEqual([
    {
      action: "redirect",
      tool: "escalate_to_human",
      input: {
        reason: "Refund of $750 needs a human",
        original: { customer_id: "C-1", amount: 750 },
      },
      reason: "amount 750 is above the limit 500 for process_refund; redirected to escalate_to_human",
      hook: "threshold-redirect:process_refund.amount",
    },
  ]);
});

it("runs the README's conversation example: a lookup in an earlier turn and the user's yes allow the call", async () => {
  const logged = await runReadmeExample({
    readme,
    section: "## Hooks that see the conversation",
    imports: {
      "@keel/hooks": indexPath,
      "@keel/errors": fileURLToPath(import.meta.resolve("@keel/errors")),
    },
  });
  expect(logged).toContainEqual([{ action: "allow" }]);
});
