import type { PreToolHook } from "@keel/hooks";

/**
 * The retail policy's code-checkable rules as pre-tool hooks, in the order they run. None yet: the hooks
 * (authenticate first, confirm before a write, order-status preconditions, ...) come in the next round of
 * issue 31. The replay already runs through this seam, so `--naive` (no hooks) and the default differ once
 * they land, and nothing else changes.
 */
export function retailPolicyHooks(): readonly PreToolHook[] {
  return [];
}
