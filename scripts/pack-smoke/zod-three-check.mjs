// Run inside @keel/tools' scratch project (as zod-three.mjs): @keel/tools beside zod 3.25.

/**
 * Written into @keel/tools' project as zod-three.mjs and run there once zod 3.25.76 has replaced zod 4 (so it
 * must stand alone: its own imports, nothing from this file). zod 3.25 carries zod 4 as `zod/v4`, which Keel
 * uses, so a project not yet on zod 4 can adopt it: importing @keel/tools must work, a tool whose schema comes
 * from `zod/v4` must define and validate, and one from `zod` (zod 3) must be refused with a ToolDefinitionError
 * naming zod 3 and zod 4 (or zod/v4), never a crash deeper in.
 */
export async function zodThreeCheck() {
  // The scratch project's packages, not this repository's: importing them through a variable keeps knip from
  // counting them as imports of pack-smoke.mjs (which would make zod an unlisted dependency of the root).
  const load = (specifier) => import(specifier);
  const { readFileSync } = await import("node:fs");
  const version = JSON.parse(readFileSync("node_modules/zod/package.json", "utf8")).version;
  if (!version.startsWith("3.25.")) throw new Error(`zod ${version} is installed, not 3.25`);
  let tools;
  try {
    tools = await load("@keel/tools");
  } catch (error) {
    throw new Error(`importing @keel/tools beside zod ${version} threw: ${error.message}`);
  }
  const { success } = await load("@keel/errors");
  const { z: zod4 } = await load("zod/v4");
  const { z: zod3 } = await load("zod");
  const spec = (input) => ({
    name: "echo",
    description: "Echoes one word back.",
    input,
    effect: "read",
    handler: ({ word }) => success({ word }),
  });
  let echo;
  try {
    echo = tools.defineTool(spec(zod4.object({ word: zod4.string() })));
  } catch (error) {
    throw new Error(`a tool whose schema comes from zod/v4 (zod ${version}) was refused: ${error.message}`);
  }
  const toolset = tools.createToolset([echo]);
  const context = {
    signal: new AbortController().signal,
    toolUseId: "t",
    runId: "r",
    iteration: 1,
    metadata: {},
  };
  // The toolset's own path: validate, then run (what the tool-call path does around its hooks).
  const validateAndRun = async (call) => {
    const checked = toolset.validate(call);
    return checked.ok ? await toolset.run(checked.tool, checked.input, context) : checked.outcome;
  };
  const valid = await validateAndRun({ id: "t1", name: "echo", input: { word: "hi" } });
  if (valid.kind !== "success" || valid.data?.word !== "hi")
    throw new Error(`the zod/v4 tool given valid input returned ${JSON.stringify(valid)}`);
  const invalid = await validateAndRun({ id: "t2", name: "echo", input: { word: 7 } });
  if (invalid.kind !== "error" || invalid.category !== "validation")
    throw new Error(
      `the zod/v4 tool given { word: 7 } returned ${JSON.stringify(invalid)}, not a validation error`,
    );
  let refusal;
  try {
    tools.defineTool(spec(zod3.object({ word: zod3.string() })));
  } catch (error) {
    refusal = error;
  }
  if (refusal === undefined) throw new Error("a tool whose schema comes from zod 3 (`zod` 3.25) was defined");
  const message = String(refusal?.message);
  if (
    !tools.ToolDefinitionError.isInstance(refusal) ||
    !/zod 3/.test(message) ||
    !/zod 4|zod\/v4/.test(message)
  )
    throw new Error(
      `a zod 3 schema must be refused with a ToolDefinitionError naming zod 3 and zod 4 (or zod/v4); it threw ${refusal?.name}: ${message}`,
    );
  console.log(
    `zod ${version}: @keel/tools imports; a zod/v4 schema defines and validates (${invalid.code}); a zod 3 schema is refused: ${message}`,
  );
}
