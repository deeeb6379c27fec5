/** A signal that aborts with `parent`, until `unlink()` removes the one listener it put on `parent`. */
export function linkedSignal(parent: AbortSignal): { readonly signal: AbortSignal; unlink(): void } {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, unlink: () => {} };
  }
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener("abort", onAbort, { once: true });
  return { signal: controller.signal, unlink: () => parent.removeEventListener("abort", onAbort) };
}
