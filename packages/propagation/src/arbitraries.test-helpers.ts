import { ERROR_CATEGORIES, type JsonValue } from "@keel/errors";
import fc from "fast-check";
import type { SubagentFailure, SubagentReport } from "./types.js";

export const categoryArbitrary = fc.constantFrom(...ERROR_CATEGORIES);
export const codeArbitrary = fc.stringMatching(/^[A-Z][A-Z0-9]{0,8}(?:_[A-Z0-9]{1,6}){0,3}$/);
export const toolNameArbitrary = fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/);
export const agentNameArbitrary = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/);

/**
 * JSON values exactly as they come back from JSON.parse (no -0), without `__proto__` keys: parseReport
 * drops those on purpose (zod never lets a parsed key set a prototype), tested separately.
 */
export const jsonArbitrary: fc.Arbitrary<JsonValue> = fc
  .jsonValue()
  .map((value) => JSON.parse(JSON.stringify(value)) as JsonValue)
  .filter((value) => !JSON.stringify(value).includes('"__proto__":'));

/** The fields a failure keeps across hops; retryable only where the category allows it. */
export const failureFieldsArbitrary = categoryArbitrary.chain((category) =>
  fc.record(
    {
      category: fc.constant(category),
      code: codeArbitrary,
      retryable: category === "transient" || category === "validation" ? fc.boolean() : fc.constant(false),
      message: fc.string({ minLength: 1 }),
      retryAfterMs: fc.nat(600_000),
      tool: fc.option(toolNameArbitrary, { nil: null }),
    },
    { requiredKeys: ["category", "code", "retryable", "message", "tool"] },
  ),
);

export const reportArbitrary: fc.Arbitrary<SubagentReport> = fc
  .record(
    {
      path: fc.array(agentNameArbitrary, { minLength: 1, maxLength: 4 }),
      text: fc.string(),
      data: jsonArbitrary,
      failure: failureFieldsArbitrary,
      empty: fc.record({ code: codeArbitrary, message: fc.string() }),
      status: fc.constantFrom("succeeded", "empty", "failed"),
    },
    { requiredKeys: ["path", "text", "failure", "empty", "status"] },
  )
  .map(({ path, text, data, failure, empty, status }): SubagentReport => {
    const agent = path.at(-1) as string;
    const head = { agent, text, ...(data === undefined ? {} : { data }) };
    if (status === "succeeded") return { ...head, status };
    if (status === "empty") return { ...head, status, empty };
    const full: SubagentFailure = { ...failure, path };
    return { ...head, status, failure: full };
  });
