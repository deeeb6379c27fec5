/**
 * A deep-frozen copy of a call's input, so a hook cannot change what runs by mutating the input in
 * place (it must return a rewrite, which the composition records). A mutation attempt throws, and a
 * throwing hook fails closed. Values that cannot be cloned or frozen are passed through as they are.
 */
export function isolateInput(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return input;
  try {
    return deepFreeze(structuredClone(input));
  } catch {
    return input;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  // Freeze before descending so a cycle stops at the already-frozen parent.
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) {
    deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}
