import type { AnalysedClause } from "../description/analyse-description.js";
import { acceptsIdentifier, extractIdentifiers } from "../text/identifiers.js";
import { contentTerms } from "../text/terms.js";

/** One piece of evidence a request offers: a content term (weight 1) or an identifier (weight 2). */
export interface Evidence {
  readonly key: string;
  readonly display: string;
  readonly weight: number;
  readonly position: number;
  readonly matches: (clause: AnalysedClause) => boolean;
}

/** An identifier is worth two words: it says what the request is keyed by, which words only suggest. */
const IDENTIFIER_WEIGHT = 2;
const TERM_WEIGHT = 1;

/** Cuts a request into evidence: its identifiers (by shape) and its content terms (by stem). */
export function requestEvidence(request: string): Evidence[] {
  const { identifiers, rest } = extractIdentifiers(request);
  const lowered = request.toLowerCase();
  const evidence: Evidence[] = identifiers.map((identifier, index) => ({
    key: `identifier:${index}`,
    display: identifier.text,
    weight: IDENTIFIER_WEIGHT,
    position: request.indexOf(identifier.text),
    matches: (clause) => acceptsIdentifier(clause.shapes, identifier.shape),
  }));
  for (const term of contentTerms(rest)) {
    evidence.push({
      key: `term:${term.stem}`,
      display: term.surface,
      weight: TERM_WEIGHT,
      position: lowered.indexOf(term.surface),
      matches: (clause) => clause.stems.has(term.stem),
    });
  }
  return evidence.sort((left, right) => left.position - right.position);
}

/** The evidence that any of the clauses matches. */
export function matchClauses(
  evidence: readonly Evidence[],
  clauses: readonly AnalysedClause[],
): Set<Evidence> {
  return new Set(evidence.filter((item) => clauses.some((clause) => item.matches(clause))));
}

export function weightOf(evidence: Iterable<Evidence>): number {
  let total = 0;
  for (const item of evidence) total += item.weight;
  return total;
}

export function displayTerms(evidence: Iterable<Evidence>): string[] {
  return [...evidence].sort((left, right) => left.position - right.position).map((item) => item.display);
}
