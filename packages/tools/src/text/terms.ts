import { stem } from "./stem.js";
import { STOP_WORDS } from "./stop-words.js";

/** A content word: its stem (what is compared) and the first surface form seen (what is shown). */
export interface Term {
  readonly stem: string;
  readonly surface: string;
}

/** Lower-cased words of a text, camelCase and snake_case split, apostrophes kept inside words. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .split(/[^a-z0-9']+/)
    .map((word) => word.replace(/^'+|'+$/g, ""))
    .filter((word) => word.length > 0);
}

/**
 * The stem a word contributes, or null for a stop word, a single letter, a bare number or a contraction of
 * function words ("hasn't", "I'm", "what's").
 */
export function contentStem(word: string): string | null {
  if (word.length < 2 || /^\d+$/.test(word) || STOP_WORDS.has(word)) return null;
  const apostrophe = word.indexOf("'");
  if (apostrophe >= 0 && (word.endsWith("n't") || STOP_WORDS.has(word.slice(0, apostrophe)))) return null;
  const wordStem = stem(word);
  return wordStem.length < 2 || STOP_WORDS.has(wordStem) ? null : wordStem;
}

/**
 * Splits text into content terms, uniformly for requests and descriptions: camelCase and snake_case are
 * split, stop words, single letters, bare numbers and contractions are dropped, the rest is stemmed.
 * Deduplicated by stem.
 */
export function contentTerms(text: string): Term[] {
  const seen = new Map<string, Term>();
  for (const word of words(text)) {
    const wordStem = contentStem(word);
    if (wordStem === null || seen.has(wordStem)) continue;
    seen.set(wordStem, { stem: wordStem, surface: word.replace(/'s$/, "") });
  }
  return [...seen.values()];
}
