/**
 * The real tool name the model most likely meant, or null. Look-alikes first — the same letters with other
 * case or separators (`lookupOrder`, `Lookup-Order` → `lookup_order`), then the same words in another order
 * (`order_lookup`), then the closest spelling within a third of the name's length.
 */
export function suggestToolName(requested: string, names: readonly string[]): string | null {
  const target = squash(requested);
  if (target.length === 0) return null;
  const sameLetters = names.find((name) => squash(name) === target);
  if (sameLetters) return sameLetters;
  const targetWords = wordKey(requested);
  const sameWords = names.find((name) => wordKey(name) === targetWords);
  if (sameWords) return sameWords;
  const limit = Math.max(1, Math.floor(target.length / 3));
  let best: { name: string; distance: number } | null = null;
  for (const name of names) {
    const distance = editDistance(target, squash(name));
    if (distance <= limit && (best === null || distance < best.distance)) best = { name, distance };
  }
  return best?.name ?? null;
}

function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

function wordKey(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .sort()
    .join(" ");
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps cost 1. */
export function editDistance(left: string, right: string): number {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  const at = (row: number, column: number): number => table[row]?.[column] ?? Number.POSITIVE_INFINITY;
  for (let row = 1; row < rows; row += 1) {
    for (let column = 1; column < columns; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let distance = Math.min(
        at(row - 1, column) + 1,
        at(row, column - 1) + 1,
        at(row - 1, column - 1) + cost,
      );
      const swapped =
        row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1];
      if (swapped) distance = Math.min(distance, at(row - 2, column - 2) + 1);
      (table[row] as number[])[column] = distance;
    }
  }
  return at(rows - 1, columns - 1);
}
