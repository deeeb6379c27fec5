import fc from "fast-check";
import { success, toolError, validEmpty } from "./builders.js";
import { CATEGORY_DEFAULTS, ERROR_CATEGORIES } from "./categories.js";
import type { ErrorOutcome, JsonObject, ToolOutcome } from "./types.js";

/** JSON text cannot carry -0 or null prototypes, so data is what a JSON.parse could return. */
const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export const codeArbitrary = fc.stringMatching(/^[A-Z][A-Z0-9]{0,7}(?:_[A-Z0-9]{1,7}){0,3}$/);

/** Any unicode, including astral characters and lone surrogates. */
export const messageArbitrary = fc
  .oneof(
    fc.string({ unit: "binary", minLength: 1 }),
    fc.string({ unit: "grapheme", minLength: 1 }),
    fc.string(),
  )
  .filter((message) => message.trim().length > 0);

const jsonArbitrary = fc.jsonValue().map(throughJson);

const jsonObjectArbitrary = fc
  .dictionary(fc.string(), jsonArbitrary)
  .map((value) => throughJson(value) as JsonObject);

/** Data shaped like Keel's own tool_result envelope, to prove success data never gets mistaken for one. */
const envelopeLikeArbitrary = fc
  .record({
    kind: fc.constantFrom("success", "empty", "error"),
    isError: fc.boolean(),
    code: codeArbitrary,
    category: fc.constantFrom(...ERROR_CATEGORIES),
    retryable: fc.boolean(),
    message: messageArbitrary,
    data: jsonArbitrary,
  })
  .chain((record) =>
    fc.subarray(Object.keys(record)).map((keep) => ({ kind: record.kind, ...pick(record, keep) })),
  )
  .map(throughJson);

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, record[key]]));
}

export const dataArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  jsonArbitrary,
  jsonObjectArbitrary,
  envelopeLikeArbitrary,
  messageArbitrary,
  jsonArbitrary.map((value) => JSON.stringify(value)),
  envelopeLikeArbitrary.map((value) => JSON.stringify(value)),
);

export const errorArbitrary: fc.Arbitrary<ErrorOutcome> = fc
  .record(
    {
      category: fc.constantFrom(...ERROR_CATEGORIES),
      code: codeArbitrary,
      message: messageArbitrary,
      switchRetryableOff: fc.boolean(),
      retryAfterMs: fc.oneof(
        fc.nat(),
        fc.double({ min: 0, max: 1e12, noNaN: true }).map((ms) => ms + 0),
      ),
      details: jsonObjectArbitrary,
    },
    { requiredKeys: ["category", "code", "message", "switchRetryableOff"] },
  )
  .map(({ switchRetryableOff, category, ...rest }) =>
    toolError({
      ...rest,
      category,
      retryable: CATEGORY_DEFAULTS[category].retryable && !switchRetryableOff,
    }),
  );

export const outcomeArbitrary: fc.Arbitrary<ToolOutcome> = fc.oneof(
  dataArbitrary.map((data) => success(data)),
  fc
    .tuple(codeArbitrary, messageArbitrary, fc.option(dataArbitrary, { nil: undefined }))
    .map(([code, message, data]) => validEmpty(code, message, data)),
  errorArbitrary,
);
