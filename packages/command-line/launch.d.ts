/**
 * What a Keel program's bin file does: imports its built entry point, or, before the first build, says
 * `PROGRAM is not built yet: run \`pnpm build\` in the repository first.` and exits 1.
 * @param program - the command's name, for that message (`keel`, `keel-mcp`)
 * @param entry - the built entry point: `new URL("../dist/index.js", import.meta.url)`
 */
export declare function launch(program: string, entry: URL): Promise<void>;
