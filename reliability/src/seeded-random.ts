import { seededRandom } from "@keel/support-desk/internal";

/** The seeded generator is support-desk's (its random faults use it); re-exported beside the helpers below. */
export { seededRandom };

/** A 32-bit seed from any parts (FNV-1a over their text), so one decision depends on exactly what it names. */
export function seedOf(...parts: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const character of parts.join("\u0000")) {
    hash ^= character.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Picks one entry by weight with `random` in [0, 1). */
export function pickWeighted<T>(entries: readonly (readonly [T, number])[], random: () => number): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let point = random() * total;
  for (const [value, weight] of entries) {
    point -= weight;
    if (point < 0) return value;
  }
  const last = entries.at(-1);
  if (!last) throw new RangeError("pickWeighted: no entries.");
  return last[0];
}

/** An integer in [min, max] inclusive. */
export function integerBetween(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
