import { type DescribedTool, renderDescription, route, type Tool } from "@keel/tools";
import { describe, expect, it } from "vitest";
import { createMemoryBackend } from "../backend/memory-backend.js";
import { createSupportTools } from "./create-support-tools.js";
import { createNaiveTools } from "./naive-tools.js";
import { NAIVE_ROUTING_CATALOG, SUPPORT_ROUTING_CATALOG } from "./routing-catalog.js";

/** What a router reads of a tool: its name, its effect and the description text it renders. */
const readByRouter = (tools: readonly (DescribedTool | Tool)[]) =>
  tools.map((tool) => ({
    name: tool.name,
    effect: tool.effect,
    text: "renderedDescription" in tool ? tool.renderedDescription : renderDescription(tool.description),
  }));

const backend = createMemoryBackend();
const pairs = [
  { surface: "support", data: SUPPORT_ROUTING_CATALOG, live: createSupportTools(backend) },
  { surface: "naive", data: NAIVE_ROUTING_CATALOG, live: createNaiveTools(backend) },
];

describe.each(pairs)(
  "the $surface routing catalog (names and descriptions, no tools built)",
  ({ data, live }) => {
    it("is the live catalog's names and rendered descriptions, in its order", () => {
      expect(readByRouter(data)).toEqual(readByRouter(live));
    });

    it("routes every request as the live catalog does", () => {
      const requests = [
        "check order #12345 status",
        "refund ORD-1001 please, it arrived broken",
        "I want to talk to a manager",
        "I need a supervisor to look at order ORD-1002",
        "was ORD-1002 refunded?",
        "jane@example.com cannot log in",
        "how much did C-1001 pay in fees over the last 12 months",
        "write me a haiku about autumn",
      ];
      for (const request of requests) expect(route(request, data)).toEqual(route(request, live));
    });
  },
);
