const VOWEL = /[aeiouy]/;

/**
 * A light suffix stripper: plurals, -ing, -ed and a final -e, so "orders", "ordered" and "ordering" meet
 * at "order" and "change", "changed" and "changing" at "chang". Not a linguist; uniform is what matters.
 */
export function stem(word: string): string {
  let result = word.toLowerCase().replace(/'s$/, "");
  if (result.length <= 3) return result;
  if (result.endsWith("ies") && result.length > 4) result = `${result.slice(0, -3)}y`;
  else if (result.endsWith("sses")) result = result.slice(0, -2);
  else if (result.endsWith("s") && !/(ss|us|is)$/.test(result)) result = result.slice(0, -1);
  result = stripVerbSuffix(result, "ing", 5);
  result = stripVerbSuffix(result, "ed", 4);
  if (result.endsWith("e") && result.length > 3) result = result.slice(0, -1);
  return result;
}

function stripVerbSuffix(word: string, suffix: string, minimumLength: number): string {
  if (!word.endsWith(suffix) || word.length <= minimumLength) return word;
  const base = word.slice(0, -suffix.length);
  if (!VOWEL.test(base)) return word;
  // "shipped" -> "shipp" -> "ship": undo the doubled consonant the suffix added.
  if (/([b-df-hj-np-tv-z])\1$/.test(base) && !/(ll|ss|zz)$/.test(base)) return base.slice(0, -1);
  return base;
}
