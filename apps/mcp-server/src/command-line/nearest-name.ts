/**
 * The known name closest to a typo (`rn` → `run`, `ticket` → `tickets`), or undefined when none is close:
 * at most a third of the longer name may differ (Levenshtein distance), and always at least one edit.
 */
export function nearestName(typed: string, names: readonly string[]): string | undefined {
  let best: { readonly name: string; readonly distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(typed.toLowerCase(), name.toLowerCase());
    const allowed = Math.max(1, Math.floor(Math.max(typed.length, name.length) / 3));
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let row = 1; row <= a.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= b.length; column += 1) {
      const substitution = previous[column - 1]! + (a[row - 1] === b[column - 1] ? 0 : 1);
      current.push(Math.min(previous[column]! + 1, current[column - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}
