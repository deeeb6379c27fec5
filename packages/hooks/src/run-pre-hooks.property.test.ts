import { businessError } from "@keel/errors";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { definePreHook } from "./define-hook.js";
import { makeCall, makeContext } from "./hook-context.test-helpers.js";
import { composePreHooks, runPreHooks } from "./run-pre-hooks.js";
import type { PreToolDecision, PreToolHook } from "./types.js";

/** A hook described as data, so fast-check can generate and shrink lists of them. */
type Spec =
  | { readonly kind: "allow" }
  | { readonly kind: "rewrite"; readonly tag: string }
  | { readonly kind: "redirect"; readonly tool: string }
  | { readonly kind: "hold" }
  | { readonly kind: "block" }
  | { readonly kind: "throw" }
  | { readonly kind: "garbage" };

const RANK = { allow: 0, rewrite: 1, redirect: 2, hold: 3, block: 4 } as const;

const passing = fc.oneof(
  fc.constant<Spec>({ kind: "allow" }),
  fc.constantFrom("a", "b", "c").map((tag): Spec => ({ kind: "rewrite", tag })),
  fc.constantFrom("escalate_to_human", "lookup_order").map((tool): Spec => ({ kind: "redirect", tool })),
  fc.constant<Spec>({ kind: "hold" }),
  fc.constant<Spec>({ kind: "block" }),
);
const failing = fc.constantFrom<Spec>({ kind: "throw" }, { kind: "garbage" });
const gentle = fc.oneof(
  fc.constant<Spec>({ kind: "allow" }),
  fc.constantFrom("a", "b").map((tag): Spec => ({ kind: "rewrite", tag })),
);

/**
 * Rewrites append their tag to the input's trail, so the result shows which rewrites ran on what;
 * redirects carry the trail over to the new tool.
 */
function toHooks(specs: readonly Spec[]): PreToolHook[] {
  return specs.map((spec, index) => {
    const name = `${spec.kind}-${index}`;
    return definePreHook(name, (call): PreToolDecision => {
      const trail = (call.input as { trail: string[] }).trail;
      switch (spec.kind) {
        case "allow":
          return { action: "allow" };
        case "rewrite":
          return { action: "rewrite", input: { trail: [...trail, spec.tag] }, reason: name };
        case "redirect":
          return {
            action: "redirect",
            tool: spec.tool,
            input: { trail: [...trail, `>${spec.tool}`] },
            reason: name,
          };
        case "hold":
          return { action: "hold", reason: `held by ${name}` };
        case "block":
          return { action: "block", error: businessError("RULE", `blocked by ${name}`) };
        case "throw":
          throw new Error(name);
        case "garbage":
          return { action: "shrug" } as unknown as PreToolDecision;
      }
    });
  });
}

const run = (hooks: readonly PreToolHook[]) =>
  runPreHooks(hooks, makeCall("process_refund", { trail: [] }), makeContext());

describe("pre-hook composition laws", () => {
  it("the most restrictive decision wins: block > hold > redirect > rewrite > allow", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(passing, { maxLength: 8 }), async (specs) => {
        const decision = await run(toHooks(specs));
        const strictest = specs.reduce(
          (rank, spec) => Math.max(rank, RANK[spec.kind as keyof typeof RANK]),
          0,
        );
        expect(RANK[decision.action]).toBe(strictest);
      }),
    );
  });

  it("the decision names the first blocking or holding hook, else the last hook of the winning kind", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(passing, { maxLength: 8 }), async (specs) => {
        const decision = await run(toHooks(specs));
        if (decision.action === "allow") return;
        const index =
          decision.action === "block" || decision.action === "hold"
            ? specs.findIndex((spec) => spec.kind === decision.action)
            : specs.findLastIndex((spec) => spec.kind === decision.action);
        expect(decision.hook).toBe(`${decision.action}-${index}`);
      }),
    );
  });

  it("a redirect or rewrite result carries every rewrite and redirect, in order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          passing.filter((spec) => spec.kind !== "block" && spec.kind !== "hold"),
          { maxLength: 8 },
        ),
        async (specs) => {
          const decision = await run(toHooks(specs));
          const trail = specs.flatMap((spec) =>
            spec.kind === "rewrite" ? [spec.tag] : spec.kind === "redirect" ? [`>${spec.tool}`] : [],
          );
          if (decision.action === "allow") expect(trail).toEqual([]);
          else if (decision.action === "redirect" || decision.action === "rewrite")
            expect(decision.input).toEqual({ trail });
          const lastRedirect = specs.findLast((spec) => spec.kind === "redirect");
          if (lastRedirect?.kind === "redirect") expect(decision).toMatchObject({ tool: lastRedirect.tool });
        },
      ),
    );
  });

  it("with a block anywhere, the order of allows and rewrites does not matter: the result is a block", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(gentle, { maxLength: 6 }),
        fc.nat(),
        fc.infiniteStream(fc.nat()),
        async (specs, position, shuffle) => {
          const withBlock = [...specs];
          withBlock.splice(position % (specs.length + 1), 0, { kind: "block" });
          const shuffled = withBlock
            .map((spec, index) => ({ spec, key: shuffle.next().value + index / 100 }))
            .sort((left, right) => left.key - right.key)
            .map(({ spec }) => spec);
          expect((await run(toHooks(shuffled))).action).toBe("block");
        },
      ),
    );
  });

  it("a hook that throws or returns garbage never lets the call through", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(passing, { maxLength: 5 }),
        failing,
        fc.array(passing, { maxLength: 5 }),
        async (before, broken, after) => {
          const specs = [...before, broken, ...after];
          const decision = await run(toHooks(specs));
          expect(decision.action).toBe("block");
          if (decision.action !== "block") return;
          const blockedEarlier = before.some((spec) => spec.kind === "block");
          if (!blockedEarlier) {
            expect(decision.error.code).toBe("HOOK_FAILED");
            expect(decision.hook).toBe(`${broken.kind}-${before.length}`);
          }
        },
      ),
    );
  });

  it("composition is associative: composing any split decides like the flat list", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(passing, failing), { maxLength: 8 }),
        fc.nat(),
        async (specs, cut) => {
          const hooks = toHooks(specs);
          const split = cut % (hooks.length + 1);
          const flat = await run(hooks);
          const nested = await run([
            composePreHooks(hooks.slice(0, split)),
            composePreHooks(hooks.slice(split)),
          ]);
          const single = await composePreHooks(hooks).decide(
            makeCall("process_refund", { trail: [] }),
            makeContext(),
          );
          expect(nested).toEqual(flat);
          expect(single).toEqual(flat);
        },
      ),
    );
  });
});
