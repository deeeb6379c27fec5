import { readFileSync } from "node:fs";

/**
 * The version in the package.json one level above the module at `moduleUrl` (a package's `src/` and `dist/`
 * both sit there), or `"0.0.0"` when it cannot be read. MCP clients and servers send it in `initialize`.
 */
export function readPackageVersion(moduleUrl: string): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", moduleUrl), "utf8")) as {
      version?: unknown;
    };
    return typeof manifest.version === "string" ? manifest.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}
