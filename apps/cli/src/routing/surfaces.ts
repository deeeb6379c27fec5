import { nearestName } from "@keel/mcp-server/command-line";
import { createMemoryBackend, createNaiveTools, createSupportTools } from "@keel/support-desk";
import type { Tool } from "@keel/tools";
import { UsageError } from "../usage-error.js";

/** `real`: the six support tools with their boundaries; `naive`: reference 002's "Retrieves X information" getters. */
export type Surface = "real" | "naive";

/** The tools of a surface. Only descriptions and effects are read: the sample store behind them is never called. */
export function surfaceTools(surface: Surface): Tool[] {
  const backend = createMemoryBackend();
  return surface === "naive" ? createNaiveTools(backend) : createSupportTools(backend);
}

export function readSurface(text: string | undefined): Surface {
  if (text === undefined || text === "real" || text === "naive") return text ?? "real";
  const nearest = nearestName(text, ["real", "naive"]);
  throw new UsageError(
    `--surface must be real or naive, got "${text}".${nearest === undefined ? "" : ` Did you mean ${nearest}?`}`,
  );
}
