/** Longest legal tool name (`^[a-zA-Z0-9_-]{1,64}$`): anything longer cannot be a misspelt real name. */
export const MAX_TOOL_NAME_LENGTH = 64;

/**
 * The real tool name the model most likely meant, or null. Look-alikes first — the same letters with other
 * case or separators (`lookupOrder`, `Lookup-Order` → `lookup_order`), then the same words in another order
 * (`order_lookup`), then the closest spelling within a third of the name's length. A name longer than the
 * legal 64 characters gets no suggestion, so the work stays bounded whatever the caller sends.
 */
export function suggestToolName(requested: string, names: readonly string[]): string | null {
  if (requested.length > MAX_TOOL_NAME_LENGTH) return null;
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
    const distance = editDistance(target, squash(name), best === null ? limit : best.distance - 1);
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

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps cost 1.
 * With a `maximum`, the answer is exact up to it and `maximum + 1` beyond; the work stops as soon as that
 * is certain (a length difference above it, or two rows with every cell above it). Keeps three rows, not
 * the whole table.
 */
export function editDistance(left: string, right: string, maximum = Number.POSITIVE_INFINITY): number {
  if (Math.abs(left.length - right.length) > maximum) return maximum + 1;
  const columns = right.length + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: columns }, (_, column) => column);
  let previousMinimum = 0;
  for (let row = 1; row <= left.length; row += 1) {
    const current: number[] = [row];
    let currentMinimum = row;
    for (let column = 1; column < columns; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let distance = Math.min(
        (previous[column] as number) + 1,
        (current[column - 1] as number) + 1,
        (previous[column - 1] as number) + cost,
      );
      const swapped =
        row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1];
      if (swapped) distance = Math.min(distance, (beforePrevious[column - 2] as number) + 1);
      current.push(distance);
      if (distance < currentMinimum) currentMinimum = distance;
    }
    // Every cell comes from the two rows above it (or from its left neighbour, plus one): once both
    // rows are entirely above the maximum, nothing below can come back under it.
    if (currentMinimum > maximum && previousMinimum > maximum) return maximum + 1;
    beforePrevious = previous;
    previous = current;
    previousMinimum = currentMinimum;
  }
  const distance = previous[columns - 1] as number;
  return distance > maximum ? maximum + 1 : distance;
}
