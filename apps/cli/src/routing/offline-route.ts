import { type DescribedTool, route } from "@keel/tools/route";
import type { RouteAnswer } from "./live-route.js";

/** The deterministic router's answer (no model, no key), in the shape the live router gives. */
export function offlineRoute(request: string, tools: readonly DescribedTool[]): RouteAnswer {
  const { tool, ambiguous, reason } = route(request, tools);
  return { tool, ambiguous, reason };
}
