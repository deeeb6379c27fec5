#!/usr/bin/env node
// The installed `keel-mcp` command runs the built code in dist/. This launcher exists before the first build,
// so installing the workspace links the command without "Failed to create bin" warnings.
try {
  await import("../dist/index.js");
} catch (error) {
  const missing =
    error?.code === "ERR_MODULE_NOT_FOUND" &&
    String(error.message).includes(new URL("../dist/index.js", import.meta.url).pathname);
  if (!missing) throw error;
  process.stderr.write("keel-mcp is not built yet: run `pnpm build` in the repository first.\n");
  process.exit(1);
}
