import { conditionalClauses } from "./conditions.js";
import { extractIdentifiers } from "./identifiers.js";
import {
  ACTION_ENDS,
  ADDRESSEES,
  FINITE_VERBS,
  IMPERATIVE_FUNCTION_VERBS,
  INQUIRY_VERBS,
  LEAD_FILLERS,
  QUESTION_OPENERS,
  SELF,
  SKIPPED_BEFORE_HEAD,
  STATEMENT_OPENERS,
  WANT_VERBS,
} from "./intent-words.js";
import { contentStem, words } from "./terms.js";
import { negatedPositions, reversedPositions } from "./unwanted-words.js";

// A clause ends at . ! ? ; : , followed by a space, at a dash between spaces, at a bracket or a line break.
const CLAUSE_BREAK = /[.!?;:,]+(?=\s|$)|[—–()\n]|\s-{1,2}\s/g;

/** The clauses of a text, each with the punctuation that ends it. */
function clauses(text: string): [string, string][] {
  const result: [string, string][] = [];
  let from = 0;
  for (const match of text.matchAll(CLAUSE_BREAK)) {
    result.push([text.slice(from, match.index), match[0]]);
    from = match.index + match[0].length;
  }
  result.push([text.slice(from), ""]);
  return result;
}

/**
 * The stems of the words inside a request to act (`acting`), as opposed to what a request merely mentions
 * or asks about, and the first content word of each (`heads`: the action or the thing asked for). Reads
 * which clauses of a request ask for an action: an imperative ("Refund ORD-1 …"), a polite request ("can
 * you …", "could someone …", "can I …") and a want ("I want …", "wants a …", "I'd like …"), each up to a
 * subordinate clause or a topic ("… if", "… about"). Questions ("How much was refunded?"), statements
 * ("The order was refunded") and inquiries ("I'd like to know …") ask for none. Plain English grammar, no
 * domain words: identifiers are cut out first, so "Customer C-1 is …" reads as a subject. With
 * `doubtfulAsMention`, an opening that may be a noun phrase ("refund status ORD-1") is read as a mention.
 */
export function actingStems(request: string, doubtfulAsMention = false): ActingStems {
  let doubtful = false;
  const acting = new Set<string>();
  const heads = new Set<string>();
  const declined = new Set<string>();
  const undoes = new Map<string, Set<string>>();
  // Words a clause negates or asks to undo are declined, never requested (see unwanted-words).
  const take = (tokens: readonly string[], from: number, negated: ReadonlySet<number>) => {
    let end = from;
    while (end < tokens.length && !ACTION_ENDS.has(tokens[end] as string)) end++;
    const reversed = reversedPositions(tokens, from, end);
    let first = from;
    while (first < tokens.length && SKIPPED_BEFORE_HEAD.has(tokens[first] as string)) first++;
    const head = first < tokens.length ? contentStem(tokens[first] as string) : null;
    const unwanted = (at: number) => negated.has(at) || reversed.has(at);
    if (head !== null && !unwanted(first)) heads.add(head);
    for (let at = from; at < end; at++) {
      const wordStem = contentStem(tokens[at] as string);
      if (wordStem !== null) (unwanted(at) ? declined : acting).add(wordStem);
      const verb = reversed.get(at);
      const verbStem = verb === undefined ? null : contentStem(tokens[verb] as string);
      if (wordStem === null || verbStem === null) continue;
      undoes.set(verbStem, new Set([...(undoes.get(verbStem) ?? []), wordStem]));
    }
  };
  const parts = clauses(extractIdentifiers(request).rest);
  const conditional = conditionalClauses(parts);
  for (const [index, [clause, end]] of parts.entries()) {
    const tokens = words(clause);
    let start = 0;
    while (start < tokens.length && LEAD_FILLERS.has(tokens[start] as string)) start++;
    const negated = negatedPositions(tokens, start);
    for (const at of negated) {
      const wordStem = contentStem(tokens[at] as string);
      if (wordStem !== null) declined.add(wordStem);
    }
    const opening = imperativeStart(tokens, start, end.includes("?"), conditional[index] === true);
    // "refund status ORD-1" may be a noun phrase as well as an order: two content words and no "please".
    const isDoubtful =
      opening === start &&
      !tokens.slice(0, start).some((token) => POLITE.has(token)) &&
      contentStem(tokens[start] ?? "") !== null &&
      contentStem(tokens[start + 1] ?? "") !== null;
    doubtful ||= isDoubtful;
    if (opening !== null && !(isDoubtful && doubtfulAsMention)) {
      take(tokens, opening, negated);
      const attempted = attemptedAction(tokens, opening);
      if (attempted !== null) acting.add(attempted);
    }
    for (let at = start; at < tokens.length; at++) {
      const wanted = negated.has(at) ? null : wantedFrom(tokens, at);
      if (wanted !== null) take(tokens, wanted, negated);
    }
  }
  for (const wordStem of acting) declined.delete(wordStem);
  return { acting, heads, declined, undoes, doubtful };
}

/**
 * What {@link actingStems} read. `declined`: words the request negates or asks to undo ("I don't want a
 * refund", "no need to escalate", "cancel the refund"), never also requested. `doubtful`: a clause reads
 * both as a request to act and as a mention.
 */
export interface ActingStems {
  readonly acting: Set<string>;
  readonly heads: Set<string>;
  readonly declined: Set<string>;
  /** A requested reversal verb → the words it undoes: "cancel the refund" gives cancel → {refund}. */
  readonly undoes: ReadonlyMap<string, ReadonlySet<string>>;
  readonly doubtful: boolean;
}

const POLITE = new Set(["please", "pls", "plz", "kindly"]);

/** Where the action of a sentence starts when the sentence is a request to act, else null. */
function imperativeStart(
  tokens: readonly string[],
  start: number,
  asked: boolean,
  conditional: boolean,
): number | null {
  const first = tokens[start];
  if (first === undefined) return null;
  const next = tokens[start + 1] ?? "";
  const opener = baseOf(first);
  if (["can", "could", "would", "will", "may"].includes(opener)) {
    if (ADDRESSEES.has(next)) return next === "you" || next === "u" ? start + 2 : start + 1;
    // "Can I get a refund?" asks for one; "Can I get a refund if it arrived broken?" asks about the policy.
    if (SELF.has(next) && opener !== "would" && opener !== "will" && !conditional) return start + 2;
    return null;
  }
  // "Refund ORD-1?" ends as a question: read it as one.
  if (asked || QUESTION_OPENERS.has(opener) || STATEMENT_OPENERS.has(opener) || /^\d/.test(first))
    return null;
  if (WANT_VERBS.has(first)) return null;
  // "for verified customer C-1": a clause opening with a preposition or a conjunction is no imperative.
  if (contentStem(first) === null && !IMPERATIVE_FUNCTION_VERBS.has(first)) return null;
  const following = tokens.slice(start + 1, start + 3);
  const clauseEnd = following.findIndex((token) => ACTION_ENDS.has(token));
  const subjectFirst = following
    .slice(0, clauseEnd < 0 ? undefined : clauseEnd)
    .some((token) => FINITE_VERBS.has(token));
  return subjectFirst ? null : start;
}

/**
 * "See if it can be cancelled", "check whether they could be exchanged": an order to try the action, not a
 * question about it — its stem. Only a possibility ("can be", "could be") asked in an order to check: "check
 * whether it was voided" stays a question.
 */
function attemptedAction(tokens: readonly string[], opening: number): string | null {
  if (!INQUIRY_VERBS.has(tokens[opening] ?? "") || !SUBORDINATORS.has(tokens[opening + 1] ?? "")) return null;
  for (let at = opening + 2; at + 2 < tokens.length; at++) {
    if (MODALS_OF_POSSIBILITY.has(tokens[at] as string) && tokens[at + 1] === "be")
      return contentStem(tokens[at + 2] as string);
  }
  return null;
}

const SUBORDINATORS = new Set(["if", "whether"]);
const MODALS_OF_POSSIBILITY = new Set(["can", "could"]);

/** After "want", "needs", "would like", "'d like": where the thing asked for starts; not after "to know". */
function wantedFrom(tokens: readonly string[], index: number): number | null {
  const token = tokens[index] as string;
  const previous = tokens[index - 1] ?? "";
  const isWant =
    WANT_VERBS.has(token) || (token === "like" && (previous === "would" || previous.endsWith("'d")));
  if (!isWant) return null;
  if (tokens[index + 1] === "to" && INQUIRY_VERBS.has(tokens[index + 2] ?? "")) return null;
  if (tokens[index + 1] === "you" && tokens[index + 2] === "to") return index + 3;
  return index + 1;
}

/** "where's" → "where", "can't" → "ca", "I'd" → "i": the word a contraction opens with. */
function baseOf(token: string): string {
  const apostrophe = token.indexOf("'");
  if (apostrophe < 0) return token;
  return token.endsWith("n't") ? token.slice(0, -3) : token.slice(0, apostrophe);
}
