import type { DescribedTool } from "@keel/tools/route";
import { NAIVE_DESCRIPTIONS, SUPPORT_DESCRIPTIONS } from "./descriptions.js";

/**
 * The effect each tool declares (the router holds a write to a stricter rule than a read). A test holds it
 * equal to the live tools' `effect`, as it does the descriptions.
 */
const EFFECTS: Readonly<Record<string, "read" | "write">> = {
  process_refund: "write",
  escalate_to_human: "write",
};

const described = (descriptions: Readonly<Record<string, DescribedTool["description"]>>) =>
  Object.freeze(
    Object.entries(descriptions).map(([name, description]) => ({
      name,
      description,
      effect: EFFECTS[name] ?? "read",
    })),
  );

/**
 * What a router reads of the six support tools — each one's name, description and effect, in createSupportTools'
 * order — taken from the same descriptions the tools are defined with, without defining them (no zod, no
 * store). A test holds it equal to the live catalog's names and rendered descriptions.
 */
export const SUPPORT_ROUTING_CATALOG: readonly DescribedTool[] = described(SUPPORT_DESCRIPTIONS);

/** The same for the naive getters of createNaiveTools (reference 002's distractor), in its order. */
export const NAIVE_ROUTING_CATALOG: readonly DescribedTool[] = described(NAIVE_DESCRIPTIONS);
