import { stem } from "./stem.js";
import { STOP_WORDS } from "./stop-words.js";

/** A content word: its stem (what is compared) and the first surface form seen (what is shown). */
export interface Term {
  readonly stem: string;
  readonly surface: string;
}

/**
 * Splits text into content terms, uniformly for requests and descriptions: camelCase and snake_case are
 * split, stop words, single letters and bare numbers are dropped, the rest is stemmed. Deduplicated by stem.
 */
export function contentTerms(text: string): Term[] {
  const words = text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9']+/)
    .map((word) => word.replace(/^'+|'+$/g, ""));
  const seen = new Map<string, Term>();
  for (const word of words) {
    if (word.length < 2 || /^\d+$/.test(word) || STOP_WORDS.has(word)) continue;
    const wordStem = stem(word);
    if (wordStem.length < 2 || STOP_WORDS.has(wordStem) || seen.has(wordStem)) continue;
    seen.set(wordStem, { stem: wordStem, surface: word.replace(/'s$/, "") });
  }
  return [...seen.values()];
}
