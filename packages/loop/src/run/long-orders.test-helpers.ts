import { success } from "@keel/errors";
import { textResponse, toolUseResponse } from "@keel/testkit";
import { defineTool } from "@keel/tools";
import { z } from "zod";

/** A read tool whose results are long enough (3,000 characters each) to trip context-management triggers. */
export const readLongOrder = defineTool({
  name: "read_order",
  description: "Returns one order with its long notes.",
  input: z.object({ id: z.string() }),
  effect: "read",
  handler: ({ id }) => success({ id, notes: "n".repeat(3000) }),
});

/** A fake-API script: `count` rounds that each call read_order, then a final "Done.". */
export const readingRounds = (count: number) => [
  ...Array.from({ length: count }, (_, index) =>
    toolUseResponse([{ name: "read_order", input: { id: `O-${index}` } }], { text: `Reading ${index}.` }),
  ),
  textResponse("Done."),
];
