import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Tool } from "@keel/tools";
import { UsageError } from "../usage-error.js";
import { resolvePackage } from "./resolve-package.js";

/**
 * A tool as `defineTool` builds it, whichever form its description was given in (a string or the four-part
 * object): what the router and the linter read is the rendered description, the name and the input schema.
 */
function isTool(value: unknown): value is Tool {
  const tool = value as Partial<Tool> | null;
  return (
    typeof tool === "object" &&
    tool !== null &&
    typeof tool.name === "string" &&
    (typeof tool.description === "string" ||
      (typeof tool.description === "object" && tool.description !== null)) &&
    typeof tool.renderedDescription === "string" &&
    typeof tool.inputJsonSchema === "object" &&
    tool.inputJsonSchema !== null
  );
}

/** An array of tools, or a toolset (`createToolset`): its `tools`. */
function toolsOf(value: unknown): readonly Tool[] | undefined {
  const list = Array.isArray(value) ? value : (value as { tools?: unknown } | null)?.tools;
  return Array.isArray(list) && list.length > 0 && list.every(isTool) ? list : undefined;
}

/**
 * The tools of an outside catalog: a JavaScript module (a path from `cwd`, or a package installed where
 * `cwd` can import it) whose default export or `tools` export is an array of Keel tools or a toolset. A
 * module that cannot load or exports neither is a usage error naming the module.
 */
export async function loadCatalog(specifier: string, cwd: string): Promise<readonly Tool[]> {
  const local = specifier.startsWith(".") || isAbsolute(specifier);
  // A package not installed under cwd is still tried as Node resolves it, so the error is Node's own.
  const url = local
    ? pathToFileURL(resolve(cwd, specifier)).href
    : (resolvePackage(specifier, cwd) ?? specifier);
  let module: Record<string, unknown>;
  try {
    module = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(
      `--catalog ${specifier}: the module could not be loaded (${error instanceof Error ? error.message.split("\n")[0] : String(error)}). Give a JavaScript module; for TypeScript, run keel under a TypeScript loader (node --import tsx).`,
    );
  }
  const tools = toolsOf(module.default) ?? toolsOf(module.tools);
  if (tools === undefined)
    throw new UsageError(
      `--catalog ${specifier}: its default export or its "tools" export must be a non-empty array of Keel tools (defineTool) or a toolset (createToolset).`,
    );
  return tools;
}
