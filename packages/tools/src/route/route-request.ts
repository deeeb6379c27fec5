import type { AnalyzedClause } from "../description/analyze-description.js";
import { actingStems } from "../text/acting-stems.js";
import { acceptsIdentifier, extractIdentifiers } from "../text/identifiers.js";
import { contentTerms } from "../text/terms.js";

/**
 * One piece of evidence a request offers, worth 1: a `word`, an `identifier`, or the second piece a word
 * (`action`, `head`) or an identifier (`keyed`) offers to the clauses where it says more (requestEvidence).
 * Only words and identifiers are shown; the second pieces weigh, they are not more terms.
 */
export interface Evidence {
  readonly key: string;
  readonly kind: "word" | "action" | "head" | "identifier" | "keyed";
  readonly display: string;
  readonly weight: number;
  readonly position: number;
  /**
   * A word the request declines ("I don't want a refund", "cancel the refund"): its stem. It is a mention,
   * and it never counts for a tool whose use-when names it as the requested action (see `usableBy`).
   */
  readonly declines?: string;
  /** A requested reversal ("cancel" in "cancel the refund"): the stems of what it undoes (see `contestants`). */
  readonly undoes?: ReadonlySet<string>;
  readonly matches: (clause: AnalyzedClause) => boolean;
}

/**
 * Evidence a route needs: an identifier its use-when declares, a requested action it names, or two words.
 * A "do NOT use when" boundary needs as much, but the word a request opens with counts once there unless
 * the boundary names it as the requested action. One incidental word decides nothing.
 */
export const MINIMUM_EVIDENCE = 2;

/**
 * Cuts a request into evidence:
 * - a content word (by stem) weighs 1; when the request asks for it to be done ("refund ORD-1", "I want a
 *   person") it weighs 2 in a clause that names it as the requested action ("asks you to refund …", "asks
 *   for a person"), and the word a request to act opens with ("calculate …") weighs 2 wherever a clause
 *   names it other than as a noun ("calculate a sum" yes, "a refund was refused" no). A word outside every
 *   request to act — in a question, a statement, a topic — never matches such an action: "was it refunded?"
 *   does not match "the customer asks you to refund the order"; and a word the request asks to be done
 *   never matches a question a clause describes ("asks whether it was refunded");
 * - an identifier (by shape) weighs 2 in a use-when clause or a boundary that declares its shape, and 1 in a
 *   "Takes" part: what a tool needs is not a reason to pick it.
 */
export function requestEvidence(request: string, doubtfulAsMention = false): RequestEvidence {
  const { identifiers, rest } = extractIdentifiers(request);
  const { acting, heads, declined, undoes, doubtful } = actingStems(request, doubtfulAsMention);
  const lowered = request.toLowerCase();
  const evidence: Evidence[] = [];
  for (const [index, identifier] of identifiers.entries()) {
    const piece = {
      display: identifier.text,
      weight: 1,
      position: request.indexOf(identifier.text),
      matches: (clause: AnalyzedClause) => acceptsIdentifier(clause.shapes, identifier.shape),
    };
    evidence.push({ ...piece, key: `identifier:${index}`, kind: "identifier" });
    evidence.push({ ...piece, key: `identifier:${index}:keyed`, kind: "keyed" });
  }
  for (const term of contentTerms(rest)) {
    const { stem } = term;
    const isActing = acting.has(stem);
    const isHead = heads.has(stem);
    const piece = {
      display: term.surface,
      weight: 1,
      position: lowered.indexOf(term.surface),
      ...(declined.has(stem) ? { declines: stem } : {}),
    };
    evidence.push({
      ...piece,
      key: `word:${stem}`,
      kind: "word",
      matches: (clause) =>
        clause.stems.has(stem) && !(isActing ? clause.inquiries : clause.actions).has(stem),
    });
    if (!isActing) continue;
    const undone = undoes.get(stem);
    evidence.push({
      ...piece,
      ...(undone ? { undoes: undone } : {}),
      key: `action:${stem}`,
      kind: "action",
      matches: (clause) => clause.actions.has(stem),
    });
    if (!isHead) continue;
    evidence.push({
      ...piece,
      key: `head:${stem}`,
      kind: "head",
      matches: (clause) =>
        clause.stems.has(stem) &&
        !clause.actions.has(stem) &&
        !clause.inquiries.has(stem) &&
        !clause.nouns.has(stem),
    });
  }
  return { evidence: evidence.sort((left, right) => left.position - right.position), doubtful };
}

/** The evidence, and whether an opening reads both as a request to act and as a mention (see actingStems). */
export interface RequestEvidence {
  readonly evidence: Evidence[];
  readonly doubtful: boolean;
}

/**
 * The evidence a tool may claim with its use-when: all of it but the words the request declines that a
 * use-when clause names as its requested action — "I don't want a refund" and "cancel the refund" are no
 * reason to call the tool that refunds.
 */
export function usableBy(
  evidence: readonly Evidence[],
  useWhen: readonly AnalyzedClause[],
): readonly Evidence[] {
  return evidence.filter(
    (item) =>
      item.declines === undefined || !useWhen.some((clause) => clause.actions.has(item.declines as string)),
  );
}

/** The evidence that any of the clauses matches. */
export function matchClauses(
  evidence: readonly Evidence[],
  clauses: readonly AnalyzedClause[],
): Set<Evidence> {
  return new Set(evidence.filter((item) => clauses.some((clause) => item.matches(clause))));
}

export function weightOf(evidence: Iterable<Evidence>): number {
  let total = 0;
  for (const item of evidence) total += item.weight;
  return total;
}

/** The request words and identifiers behind some evidence, in request order, each once. */
export function displayTerms(evidence: Iterable<Evidence>): string[] {
  return [...evidence]
    .filter((item) => item.kind === "word" || item.kind === "identifier")
    .sort((left, right) => left.position - right.position)
    .map((item) => item.display);
}
