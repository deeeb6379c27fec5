import type { AnalyzedDescription } from "../description/analyze-description.js";
import { type Evidence, MINIMUM_EVIDENCE, matchClauses, usableBy, weightOf } from "./route-request.js";

/** One tool as the router weighs it: what its own clauses claim, its final score, and why it is out. */
export interface Candidate {
  readonly description: AnalyzedDescription;
  readonly claimed: Set<Evidence>;
  score: number;
  readonly evidence: Set<Evidence>;
  disqualification: Boundary | null;
  /** Every boundary that matched enough, strongest first. */
  readonly ruledOutBy: readonly Boundary[];
}

interface Boundary {
  readonly evidence: Set<Evidence>;
  readonly useInstead: string | null;
}

/**
 * Scores every tool against the request evidence: own claims, then boundaries (which disqualify), then
 * mutual exclusions settled, then each disqualifying boundary's evidence passed to the sibling it names.
 * A score is the weight of the evidence set, so a word two siblings both pass on counts once.
 */
export function assessCandidates(
  descriptions: readonly AnalyzedDescription[],
  evidence: readonly Evidence[],
): Candidate[] {
  const candidates = descriptions.map((description) => assess(description, evidence));
  const byName = new Map(candidates.map((candidate) => [candidate.description.name, candidate]));
  settleMutualExclusions(candidates, byName);
  for (const candidate of candidates) {
    const pointer = candidate.disqualification;
    const sibling = pointer?.useInstead ? byName.get(pointer.useInstead) : undefined;
    if (!pointer || !sibling || sibling.disqualification || sibling === candidate) continue;
    for (const item of pointer.evidence) sibling.evidence.add(item);
    sibling.score = weightOf(sibling.evidence);
  }
  return candidates;
}

/**
 * A matching boundary disqualifies the tool when it matched at least MINIMUM_EVIDENCE — one incidental word
 * is no reason to rule a tool out, an explicitly requested action it names is — unless everything it
 * matched is also matched, and more, by the tool's own use-when: "order" in "do NOT use to change an order"
 * must not rule out a lookup that the request's "order" and "#12345" both point to; nor when the request
 * also asks for an action the tool's use-when names and the boundary does not.
 */
function assess(description: AnalyzedDescription, evidence: readonly Evidence[]): Candidate {
  const claimed = matchClauses(usableBy(evidence, description.useWhen), description.useWhen);
  // What a tool takes supports a tool its use-when already points to; it never picks a tool on its own.
  if (claimed.size > 0) {
    for (const item of matchClauses(evidence, [description.takes])) {
      if (item.kind === "identifier") claimed.add(item);
    }
  }
  const ownActions = [...claimed].filter((item) => item.kind === "action");
  const ruledOutBy: Boundary[] = [];
  for (const boundary of description.doNotUseWhen) {
    const matched = matchClauses(evidence, [boundary]);
    const vetoWeight = weightOf([...matched].filter((item) => item.kind !== "head"));
    if (vetoWeight < MINIMUM_EVIDENCE || isStrictSubset(matched, claimed)) continue;
    // The request also asks for this tool's own action, which the boundary does not name ("cancel order A
    // and return B"): the boundary sends the other part elsewhere, it does not make this tool wrong.
    if (ownActions.some((item) => !matched.has(item))) continue;
    ruledOutBy.push({ evidence: matched, useInstead: boundary.useInstead });
  }
  // Strongest first; on equal weight the boundary written first.
  ruledOutBy.sort((left, right) => weightOf(right.evidence) - weightOf(left.evidence));
  const disqualification = ruledOutBy[0] ?? null;
  return {
    description,
    claimed,
    score: disqualification ? 0 : weightOf(claimed),
    evidence: new Set(disqualification ? [] : claimed),
    disqualification,
    ruledOutBy,
  };
}

/**
 * Two tools that each send the request to the other cannot both be right: the one whose boundary matched
 * more stays ruled out and the other is reinstated; on equal weight both are reinstated and scores decide.
 * A tool another of its boundaries still rules out (pointing elsewhere) stays out by that one instead.
 */
function settleMutualExclusions(
  candidates: readonly Candidate[],
  byName: ReadonlyMap<string, Candidate>,
): void {
  const reinstate: Candidate[] = [];
  for (const candidate of candidates) {
    const own = candidate.disqualification;
    const sibling = own?.useInstead ? byName.get(own.useInstead) : undefined;
    const theirs = sibling?.disqualification;
    if (!own || !sibling || !theirs || theirs.useInstead !== candidate.description.name) continue;
    if (weightOf(own.evidence) <= weightOf(theirs.evidence)) reinstate.push(candidate);
  }
  for (const candidate of reinstate) {
    const sibling = candidate.disqualification?.useInstead;
    const other = candidate.ruledOutBy.find((boundary) => boundary.useInstead !== sibling);
    if (other) {
      candidate.disqualification = other;
      continue;
    }
    candidate.disqualification = null;
    candidate.score = weightOf(candidate.claimed);
    for (const item of candidate.claimed) candidate.evidence.add(item);
  }
}

function isStrictSubset(subset: ReadonlySet<Evidence>, superset: ReadonlySet<Evidence>): boolean {
  if (subset.size >= superset.size) return false;
  for (const item of subset) if (!superset.has(item)) return false;
  return true;
}
