/**
 * Shows a secret without revealing it: a few leading characters and its length, e.g. `sk-a…(52 chars)`.
 * Short secrets show fewer characters (none at 4 or under), so a mask never gives most of one away.
 */
export function maskSecret(secret: string): string {
  const length = [...secret].length;
  const shown = length >= 16 ? 4 : length >= 8 ? 2 : length > 4 ? 1 : 0;
  return `${[...secret].slice(0, shown).join("")}…(${length} ${length === 1 ? "char" : "chars"})`;
}
