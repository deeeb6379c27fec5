import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The built `keel-mcp` bin: the suite exercises what users run (turbo builds it before `test`). */
export const MCP_SERVER_BIN = join(
  dirname(require.resolve("@keel/mcp-server/package.json")),
  "dist",
  "index.js",
);

/** The built `keel` CLI. */
export const KEEL_CLI_BIN = join(dirname(require.resolve("keel/package.json")), "dist", "index.js");
