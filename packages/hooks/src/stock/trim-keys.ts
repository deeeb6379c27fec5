import { definePostHook } from "../define-hook.js";
import { HookConfigError } from "../hook-config-error.js";
import type { PostToolHook } from "../types.js";
import { mapJson } from "./map-json.js";
import { mapOutcomeData } from "./outcome-data.js";

/** The key added to a trimmed object: how many of its keys were dropped. */
export const TRIMMED_KEY = "_trimmed";

export interface TrimKeysOptions {
  /** Keys kept per object at most (the `_trimmed` marker comes on top). A positive integer. */
  readonly max: number;
  /** Key names kept first, at any depth, in this priority order. */
  readonly keep?: readonly string[] | undefined;
}

/**
 * Post hook: every object in the data of success and empty outcomes (at any depth, arrays included)
 * keeps at most `max` keys: keep-list keys present first (in keep-list order of priority), then the
 * others in their original order; the survivors keep their original relative order. A trimmed object
 * gets `_trimmed: <number of keys dropped>`. `_trimmed` itself never counts toward `max`: a numeric one
 * (from an earlier trim) is added to, so trimming twice equals trimming once; any other value in it is
 * replaced and counted as dropped. Objects at or under the limit are untouched. Deterministic.
 * Errors pass through untouched.
 */
export function trimKeys(options: TrimKeysOptions): PostToolHook {
  const { max } = options;
  const keep = options.keep ?? [];
  if (!Number.isInteger(max) || max < 1) {
    throw new HookConfigError("INVALID_HOOK_OPTIONS", "trimKeys: max must be a positive integer.");
  }
  if (!Array.isArray(keep) || keep.some((key) => typeof key !== "string")) {
    throw new HookConfigError("INVALID_HOOK_OPTIONS", "trimKeys: keep must be a list of key names.");
  }
  const priority = new Map(keep.map((key, index) => [key, index] as const));
  const selectEntries = (entries: [string, unknown][]): [string, unknown][] => {
    const candidates = entries.filter(([key]) => key !== TRIMMED_KEY);
    if (candidates.length <= max) return entries;
    const earlier = entries.find(([key]) => key === TRIMMED_KEY);
    const droppedEarlier = earlier === undefined ? 0 : typeof earlier[1] === "number" ? earlier[1] : 1;
    const ranked = candidates
      .map((entry, index) => ({ entry, index, rank: priority.get(entry[0]) ?? keep.length + index }))
      .sort((left, right) => left.rank - right.rank)
      .slice(0, max)
      .sort((left, right) => left.index - right.index)
      .map(({ entry }) => entry);
    return [...ranked, [TRIMMED_KEY, candidates.length - ranked.length + droppedEarlier]];
  };
  return definePostHook("trim-keys", (_call, outcome) =>
    mapOutcomeData(outcome, (data) => mapJson(data, { selectEntries })),
  );
}
