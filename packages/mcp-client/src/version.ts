import { readFileSync } from "node:fs";

/** The version sent to servers in `initialize`, read once from package.json (above both src/ and dist/). */
export const VERSION: string = readVersion();

function readVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version?: unknown;
    };
    return typeof manifest.version === "string" ? manifest.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}
