/** A hook's name for traces and errors, even for a hand-built hook without a usable one. */
export function nameOf(hook: { readonly name?: unknown } | null | undefined, index: number): string {
  const name = hook?.name;
  return typeof name === "string" && name.trim() !== "" ? name : `hook #${index + 1}`;
}
