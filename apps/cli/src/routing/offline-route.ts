import { route, type Tool } from "@keel/tools";
import type { RouteAnswer } from "./live-route.js";

/** The deterministic router's answer (no model, no key), in the shape the live router gives. */
export function offlineRoute(request: string, tools: readonly Tool[]): RouteAnswer {
  const { tool, ambiguous, reason } = route(request, tools);
  return { tool, ambiguous, reason };
}
