import { isRecord } from "@keel/wire/internal";
import type { z } from "zod/v4";

/**
 * A plain-code twin of a zod object schema, derived from the schema itself, for the common case where every
 * field is fine (issue 30: parsing `runAgent`'s options through zod cost tens of µs a run). It answers the
 * schema's output, or `undefined` when it is not sure — any field the schema might refuse, a schema node it
 * does not know, a rule that throws — and the caller then asks the schema, which decides and words the
 * problem. So the rules (the predicates, the transforms that fill defaults) live in the schema alone, and an
 * input the quick check accepts is one the schema accepts with the same output (run-options-quick-check.test.ts).
 *
 * It knows the nodes `runAgent`'s options use: `z.object` (stripping unknown keys, no catchall), `z.custom`
 * with a predicate (accepted only when it returns `true`), `z.unknown`, `.optional()`, and `.transform()` (a
 * pipe into a transform). With any other node, or a node with extra checks, `compileQuickCheck` returns
 * `undefined` and the schema checks every input.
 */
export function compileQuickCheck<Schema extends z.ZodObject>(
  schema: Schema,
): ((input: unknown) => z.output<Schema> | undefined) | undefined {
  const check = compile(schema);
  if (check === undefined) return undefined;
  return (input) => {
    let output: unknown;
    try {
      output = check(input);
    } catch {
      return undefined; // The schema runs the same rule again and reports what it does.
    }
    return output === REFUSED ? undefined : (output as z.output<Schema>);
  };
}

/** Not sure: the schema decides. */
const REFUSED: unique symbol = Symbol("refused");

/** The schema's output for a value, or REFUSED. */
type Check = (value: unknown) => unknown;

/** The parts of a zod node's definition read here (zod/v4 core `_zod.def`). */
interface NodeDef {
  readonly type: string;
  readonly checks?: readonly unknown[];
  readonly fn?: (value: unknown) => unknown;
  readonly innerType?: z.core.$ZodType;
  readonly in?: z.core.$ZodType;
  readonly out?: z.core.$ZodType;
  readonly transform?: (value: unknown, payload: { value: unknown; issues: unknown[] }) => unknown;
  readonly shape?: Readonly<Record<string, z.core.$ZodType>>;
  readonly catchall?: unknown;
}

const defOf = (node: z.core.$ZodType): NodeDef => node._zod.def as NodeDef;

function compile(node: z.core.$ZodType | undefined): Check | undefined {
  if (node === undefined) return undefined;
  const def = defOf(node);
  if (def.checks !== undefined && def.checks.length > 0) return undefined;
  switch (def.type) {
    case "unknown":
      return (value) => value;
    case "custom": {
      const accepts = def.fn;
      if (accepts === undefined) return undefined;
      return (value) => (accepts(value) === true ? value : REFUSED);
    }
    case "optional": {
      // An inner node that substitutes a default for `undefined` is run by zod even then: not handled here.
      if (def.innerType?._zod.optin === "defaulted") return undefined;
      const inner = compile(def.innerType);
      return inner && ((value) => (value === undefined ? undefined : inner(value)));
    }
    case "pipe":
      return compilePipe(def);
    case "object":
      return compileObject(def);
    default:
      return undefined;
  }
}

/** `.transform()`: the input node, then the transform on its output (refused if it reports an issue). */
function compilePipe(def: NodeDef): Check | undefined {
  const first = compile(def.in);
  const transform = def.out === undefined ? undefined : defOf(def.out);
  if (first === undefined || transform?.type !== "transform" || transform.transform === undefined) {
    return undefined;
  }
  if (transform.checks !== undefined && transform.checks.length > 0) return undefined;
  const apply = transform.transform;
  return (value) => {
    const checked = first(value);
    if (checked === REFUSED) return REFUSED;
    const payload = { value: checked, issues: [] };
    const output = apply(checked, payload);
    return payload.issues.length > 0 || output instanceof Promise ? REFUSED : output;
  };
}

/**
 * How zod's object treats a key (`handlePropertyResult`): an optional field absent from the input is left
 * out; a required one absent is an issue; a field whose transform fills it in is set unless it came out
 * `undefined` from an absent key.
 */
type Presence = "optional" | "required" | "filled";

function presenceOf(node: z.core.$ZodType): Presence | undefined {
  const { optin, optout } = node._zod;
  if (optin === "optional" && optout === "optional") return "optional";
  if (optin === undefined && optout === undefined) return "required";
  if (optin === "optional" && optout === undefined) return "filled";
  return undefined;
}

function compileObject(def: NodeDef): Check | undefined {
  const shape = def.shape;
  if (shape === undefined || def.catchall !== undefined) return undefined;
  if (Object.getOwnPropertySymbols(shape).length > 0) return undefined;
  const fields: { key: string; check: Check; presence: Presence }[] = [];
  for (const [key, node] of Object.entries(shape)) {
    const check = compile(node);
    const presence = presenceOf(node);
    if (key === "__proto__" || check === undefined || presence === undefined) return undefined;
    fields.push({ key, check, presence });
  }
  return (input) => {
    if (!isRecord(input)) return REFUSED;
    const output: Record<string, unknown> = {};
    for (const { key, check, presence } of fields) {
      const present = key in input;
      if (!present && presence !== "filled") {
        if (presence === "required") return REFUSED;
        continue;
      }
      const value = check(input[key]);
      if (value === REFUSED) return REFUSED;
      if (value !== undefined || present) output[key] = value;
    }
    return output;
  };
}
