import { success, validEmpty } from "@keel/errors";
import { createToolset, defineTool, type Toolset } from "@keel/tools";
import { z } from "zod";

const described = (does: string) => ({
  does,
  useWhen: ["a test needs it"],
  doNotUseWhen: [{ when: "anything real" }],
  takes: "see the schema",
  returns: "see the schema",
});

/** Tools that report what the server handed them: role, idempotency key, timing. */
export function probeToolset(
  options: { readonly slowMs?: number; readonly onSlowStart?: () => void } = {},
): Toolset {
  return createToolset([
    defineTool({
      name: "whoami",
      description: described("Reports the caller's role as the handler sees it."),
      input: z.strictObject({}),
      output: z.strictObject({ role: z.string(), transport: z.string() }),
      effect: "read",
      handler: (_input, context) =>
        success({ role: String(context.metadata.role), transport: String(context.metadata.transport) }),
    }),
    defineTool({
      name: "slow_echo",
      description: described("Echoes its text after a delay."),
      input: z.strictObject({ text: z.string() }),
      effect: "read",
      handler: async ({ text }) => {
        options.onSlowStart?.();
        await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 300));
        return success({ text });
      },
    }),
    defineTool({
      name: "record_note",
      description: described("Records a note and reports the idempotency key it was given."),
      input: z.strictObject({ note: z.string(), tags: z.array(z.string()).optional() }),
      effect: "write",
      idempotent: true,
      handler: (_input, context) => success({ key: context.idempotencyKey ?? null }),
    }),
    defineTool({
      name: "find_nothing",
      description: described("Looks and finds nothing."),
      input: z.strictObject({}),
      effect: "read",
      handler: () => validEmpty("NOTHING_FOUND", "We looked: there is nothing.", { looked_in: "the void" }),
    }),
  ]);
}
