import { readFileSync } from "node:fs";

/** The `serverInfo` name clients see. */
export const SERVER_NAME = "keel-mcp";

/** The package version, read once from package.json (one level above both src/ and dist/). */
export const SERVER_VERSION: string = readVersion();

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
