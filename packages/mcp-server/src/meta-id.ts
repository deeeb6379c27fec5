import { type ErrorOutcome, validationError } from "@keel/errors";

const META_ID = /^[\x21-\x7e]{1,200}$/;

/** The one rule for an id a client puts in `_meta` (a conversation id, an idempotency key). */
export function isMetaId(value: unknown): value is string {
  return typeof value === "string" && META_ID.test(value);
}

/** The validation error for a `_meta` id that breaks `isMetaId`, ending with how to fix it. */
export function invalidMetaId(code: string, key: string, fix: string): ErrorOutcome {
  return validationError(
    code,
    `The request _meta["${key}"] must be a string of 1 to 200 printable ASCII characters without spaces. ${fix}`,
    { details: { field: `_meta.${key}` } },
  );
}
