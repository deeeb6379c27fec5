import { createMemoryBackend, createSupportTools } from "@keel/support-desk";
import { createNaiveTools } from "@keel/support-desk/internal";
import type { Tool } from "@keel/tools";
import { oneOf } from "../commands/command.js";

/** `real`: the six support tools with their boundaries; `naive`: reference 002's "Retrieves X information" getters. */
export type Surface = "real" | "naive";

const SURFACES: readonly Surface[] = ["real", "naive"];

/** The tools of a surface. Only descriptions and effects are read: the sample store behind them is never called. */
export function surfaceTools(surface: Surface): Tool[] {
  const backend = createMemoryBackend();
  return surface === "naive" ? createNaiveTools(backend) : createSupportTools(backend);
}

/** `--surface`: `real` when not given. */
export function readSurface(text: string | undefined): Surface {
  return text === undefined ? "real" : oneOf("--surface", text, SURFACES);
}
