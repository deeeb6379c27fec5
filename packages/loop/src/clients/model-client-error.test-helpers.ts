import { ModelClientError } from "./model-client-error.js";

/** The ModelClientError `promise` rejects with; throws when it resolves or rejects with anything else. */
export async function rejection(promise: Promise<unknown>): Promise<ModelClientError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!ModelClientError.isInstance(error))
    throw new Error(`expected a ModelClientError, got ${String(error)}`);
  return error;
}
