import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** The export conditions an ESM import from Node meets, in the order a package's `exports` lists them. */
const CONDITIONS = new Set(["import", "node", "default"]);

/**
 * The file URL of a bare package specifier ("my-tools", "@acme/tools/catalog") as an ESM import from `cwd`
 * would find it: the nearest `node_modules/<name>` up from `cwd`, then its `exports` (conditions import,
 * node, default), `main`, or `index.js`. Node's own resolver answers for the importing module's folder (the
 * CLI's), and `import.meta.resolve` takes no other parent without a flag on Node 20. Undefined when no such
 * package is installed or it exports no such subpath.
 */
export function resolvePackage(specifier: string, cwd: string): string | undefined {
  const parts = specifier.split("/");
  const nameLength = specifier.startsWith("@") ? 2 : 1;
  const name = parts.slice(0, nameLength).join("/");
  const subpath = parts.length > nameLength ? `./${parts.slice(nameLength).join("/")}` : ".";
  for (let folder = cwd; ; folder = dirname(folder)) {
    const root = join(folder, "node_modules", name);
    if (existsSync(join(root, "package.json"))) {
      const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as PackageManifest;
      const target = entryOf(manifest, subpath);
      return target === undefined ? undefined : pathToFileURL(join(root, target)).href;
    }
    if (dirname(folder) === folder) return undefined;
  }
}

interface PackageManifest {
  readonly exports?: unknown;
  readonly main?: unknown;
}

function entryOf(manifest: PackageManifest, subpath: string): string | undefined {
  const { exports } = manifest;
  if (exports === undefined || exports === null) {
    if (subpath !== ".") return subpath;
    return typeof manifest.main === "string" ? manifest.main : "index.js";
  }
  const isSubpathMap =
    typeof exports === "object" &&
    !Array.isArray(exports) &&
    Object.keys(exports).some((key) => key.startsWith("."));
  const target = isSubpathMap
    ? (exports as Record<string, unknown>)[subpath]
    : subpath === "."
      ? exports
      : undefined;
  return conditionalTarget(target);
}

/** A target of `exports`: a path, or conditions (possibly nested) of which the first one met wins. */
function conditionalTarget(target: unknown): string | undefined {
  if (typeof target === "string") return target;
  if (Array.isArray(target)) return target.map(conditionalTarget).find((path) => path !== undefined);
  if (typeof target !== "object" || target === null) return undefined;
  for (const [condition, value] of Object.entries(target)) {
    if (!CONDITIONS.has(condition)) continue;
    const path = conditionalTarget(value);
    if (path !== undefined) return path;
  }
  return undefined;
}
