import { fileURLToPath } from "node:url";

/**
 * `@keel/command-line/launch`: what a Keel program's bin file does — run its built entry point. The bin file
 * exists before the first build (so installing the workspace links the command without "Failed to create bin"
 * warnings); until the build, running it says so instead of failing with a stack trace. Plain JavaScript,
 * outside dist/, so it works before the build too. Any other failure is the program's own and is rethrown.
 * @param {string} program the command's name, for that message (`keel`, `keel-mcp`)
 * @param {URL} entry the built entry point: `new URL("../dist/index.js", import.meta.url)`
 * @returns {Promise<void>}
 */
export async function launch(program, entry) {
  try {
    await import(entry.href);
  } catch (error) {
    // The entry point itself is missing, not a module it imports (whose message names the entry as importer).
    const missing =
      error?.code === "ERR_MODULE_NOT_FOUND" &&
      (error.url === entry.href || String(error.message).includes(`'${fileURLToPath(entry)}'`));
    if (!missing) throw error;
    process.stderr.write(`${program} is not built yet: run \`pnpm build\` in the repository first.\n`);
    process.exit(1);
  }
}
