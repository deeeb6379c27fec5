// Optional fields of what a caller passes in must accept `undefined`. Keel compiles with
// exactOptionalPropertyTypes, and so do some adopters: there, `readonly timeoutMs?: number` refuses
// `{ timeoutMs: process.env.X ? Number(process.env.X) : undefined }`, while `?: number | undefined` takes it.
// The rule is read from an API report (API Extractor's `<name>.api.md`), the surface adopters compile against.
//
// usage: node scripts/optional-inputs.mjs [report.api.md ...]   (default: every packages/*/*.api.md)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The inputs: every inline parameter object of an exported function, every type whose name ends in `Options`
 * or `Spec`, and these, which callers build under other names. A new input type named otherwise goes here.
 */
const INPUT_TYPES = new Set([
  "Budget",
  "CommandLineProgram",
  "DescribedTool",
  "DocumentContent",
  "EscalationRequest",
  "PostToolHook",
  "PreToolDecision",
  "PreToolHook",
  "RefundRequest",
  "StagedFault",
  "SupportSurface",
  "ToolBoundary",
  "TraceContext",
]);

const isInput = (declaration) =>
  declaration.kind === "function" ||
  /(?:Options|Spec)$/.test(declaration.name) ||
  INPUT_TYPES.has(declaration.name);

/** A member's type takes `undefined` when it is `unknown`, `any`, `undefined` or a union ending in it. */
const takesUndefined = (type) => /^(?:unknown|any|undefined)$|\|\s*undefined$/.test(type);

/** True when `text` has closed every bracket it opened and ends a member. */
function endsMember(text) {
  let depth = 0;
  for (const character of text) {
    if ("({[".includes(character)) depth++;
    else if (")}]".includes(character)) depth--;
  }
  return depth <= 0 && /[;,]$/.test(text.trimEnd());
}

/**
 * `Name.field` for each optional field of an input declaration in `report` whose type refuses `undefined`.
 * Members nested in an object type belong to the declaration around them.
 */
export function optionalInputProblems(report) {
  const problems = [];
  const lines = report.split("\n");
  let declaration;
  for (let index = 0; index < lines.length; index++) {
    const head = /^export (?:declare )?(interface|type|class|function|const) (\w+)/.exec(lines[index]);
    if (head) {
      declaration = { kind: head[1], name: head[2] };
    } else if (lines[index].trim() === "") {
      declaration = undefined; // The report separates declarations with a blank line.
    }
    const member = /^\s*(?:readonly )?(\w+)\?: (.*)$/.exec(lines[index]);
    if (!member || !declaration || !isInput(declaration)) continue;
    // A type that runs over several lines ends where its brackets close on a `;` (or `,` in a parameter list).
    let type = member[2];
    for (let next = index + 1; !endsMember(type) && next < lines.length; next++) {
      type += ` ${lines[next].trim()}`;
    }
    if (!takesUndefined(type.trim().replace(/[;,]$/, "").trim())) {
      problems.push(`${declaration.name}.${member[1]}: ${type.trim()}`);
    }
  }
  return problems;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(import.meta.dirname, "..");
  const packages = path.join(root, "packages");
  const files =
    process.argv.length > 2
      ? process.argv.slice(2)
      : readdirSync(packages, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .flatMap((entry) =>
            readdirSync(path.join(packages, entry.name))
              .filter((file) => file.endsWith(".api.md"))
              .map((file) => path.join(packages, entry.name, file)),
          );
  let count = 0;
  for (const file of files) {
    for (const problem of optionalInputProblems(readFileSync(file, "utf8"))) {
      console.log(`${path.relative(root, file)}: ${problem}`);
      count++;
    }
  }
  if (count > 0) {
    console.error(`${count} optional input field(s) refuse undefined: type them \`?: T | undefined\`.`);
    process.exitCode = 1;
  }
}
