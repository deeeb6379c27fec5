import type { Tool, Toolset } from "@keel/tools";
import { EMPTY_ENVELOPE_SCHEMA, REDIRECT_ENVELOPE_SCHEMA } from "./result-envelopes.js";

/** The MCP tool annotations, every hint set on purpose (clients default missing hints pessimistically). */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/** Per-tool corrections of the hints derived from the tool's effect, e.g. an additive write. */
export type AnnotationOverrides = Readonly<Record<string, Partial<ToolAnnotations>>>;

/** One entry of `tools/list`. */
export interface CatalogTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly outputSchema: Readonly<Record<string, unknown>>;
  readonly annotations: ToolAnnotations;
}

/** The `tools/list` answer, computed once per toolset and shared by every per-request server. */
export interface ToolCatalog {
  readonly tools: readonly CatalogTool[];
}

const NO_OVERRIDES: AnnotationOverrides = Object.freeze({});
const catalogs = new WeakMap<Toolset, WeakMap<AnnotationOverrides, ToolCatalog>>();

/**
 * The catalog of a toolset: input schema, an output schema that admits the tool's success data, a valid
 * empty envelope and a redirect envelope (`anyOf`), and all four annotations. Cached by toolset and
 * overrides object, so pass the same overrides object on every request.
 */
export function catalogFor(toolset: Toolset, overrides: AnnotationOverrides = NO_OVERRIDES): ToolCatalog {
  let byOverrides = catalogs.get(toolset);
  if (!byOverrides) {
    byOverrides = new WeakMap();
    catalogs.set(toolset, byOverrides);
  }
  let catalog = byOverrides.get(overrides);
  if (!catalog) {
    catalog = Object.freeze({
      tools: Object.freeze(toolset.tools.map((tool) => catalogTool(tool, overrides))),
    });
    byOverrides.set(overrides, catalog);
  }
  return catalog;
}

function catalogTool(tool: Tool, overrides: AnnotationOverrides): CatalogTool {
  return Object.freeze({
    name: tool.name,
    description: tool.renderedDescription,
    inputSchema: tool.inputJsonSchema,
    outputSchema: outputSchemaOf(tool),
    annotations: Object.freeze({ ...annotationsOf(tool), ...overrides[tool.name] }),
  });
}

/** A tool without a declared object output schema still declares one: any object, or an envelope. */
function outputSchemaOf(tool: Tool): Readonly<Record<string, unknown>> {
  const success =
    tool.outputJsonSchema?.type === "object"
      ? tool.outputJsonSchema
      : { type: "object", additionalProperties: true };
  return Object.freeze({ type: "object", anyOf: [success, EMPTY_ENVELOPE_SCHEMA, REDIRECT_ENVELOPE_SCHEMA] });
}

/** A read changes nothing and may be repeated; a write is destructive unless overridden. */
export function annotationsOf(tool: Pick<Tool, "effect" | "idempotent">): ToolAnnotations {
  return tool.effect === "read"
    ? { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
    : {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: tool.idempotent === true,
        openWorldHint: false,
      };
}
