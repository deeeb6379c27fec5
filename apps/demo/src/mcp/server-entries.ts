import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { KeelError } from "@keel/errors";

/** A server entry the demo cannot start: it says which build is missing and how to make it. */
export class MissingServerBuildError extends KeelError<"SERVER_NOT_BUILT"> {
  static override readonly errorName = "MissingServerBuildError";

  constructor(what: string, path: string, fix: string) {
    super("SERVER_NOT_BUILT", `${what} is not built (${path} is missing). ${fix}`);
  }
}

/**
 * The `keel-mcp` bin of @keel/mcp-server, found through its package.json `bin` field, so the demo runs
 * exactly what users register with Claude Code.
 */
export function keelMcpEntry(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve("@keel/mcp-server/package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin?: Record<string, string> };
  const bin = manifest.bin?.["keel-mcp"];
  if (!bin) throw new Error(`@keel/mcp-server declares no "keel-mcp" bin in ${manifestPath}.`);
  const entry = join(dirname(manifestPath), bin);
  if (!existsSync(entry)) {
    throw new MissingServerBuildError(
      "keel-mcp",
      entry,
      "Run `pnpm demo` from the repository root (it builds everything first) or `pnpm --filter @keel/mcp-server build`.",
    );
  }
  return entry;
}

/**
 * The demo's staged server (src/staged-server.ts, built). The same path resolves from src/ and dist/:
 * both sit one level below the package root.
 */
export function stagedServerEntry(): string {
  const entry = fileURLToPath(new URL("../../dist/staged-server.js", import.meta.url));
  if (!existsSync(entry)) {
    throw new MissingServerBuildError(
      "The demo's staged MCP server",
      entry,
      "Run `pnpm --filter @keel/demo build` (or `pnpm demo` from the repository root).",
    );
  }
  return entry;
}
