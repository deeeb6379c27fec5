import type { AnalysedDescription } from "../description/analyse-description.js";
import { type Evidence, matchClauses, weightOf } from "./route-request.js";

/** One tool as the router weighs it: what its own clauses claim, its final score, and why it is out. */
export interface Candidate {
  readonly description: AnalysedDescription;
  readonly claimed: Set<Evidence>;
  score: number;
  readonly evidence: Set<Evidence>;
  disqualification: { readonly evidence: Set<Evidence>; readonly useInstead: string | null } | null;
}

/**
 * Scores every tool against the request evidence: own claims, then boundaries (which disqualify), then
 * mutual exclusions settled, then each disqualifying boundary's weight passed to the sibling it names.
 */
export function assessCandidates(
  descriptions: readonly AnalysedDescription[],
  evidence: readonly Evidence[],
): Candidate[] {
  const candidates = descriptions.map((description) => assess(description, evidence));
  const byName = new Map(candidates.map((candidate) => [candidate.description.name, candidate]));
  settleMutualExclusions(candidates, byName);
  for (const candidate of candidates) {
    const pointer = candidate.disqualification;
    const sibling = pointer?.useInstead ? byName.get(pointer.useInstead) : undefined;
    if (!pointer || !sibling || sibling.disqualification || sibling === candidate) continue;
    sibling.score += weightOf(pointer.evidence);
    for (const item of pointer.evidence) sibling.evidence.add(item);
  }
  return candidates;
}

/**
 * A matching boundary disqualifies the tool unless everything it matched is also matched, and more, by the
 * tool's own use-when: "order" alone in "do NOT use to change an order" must not rule out a lookup that
 * the request's "order" and "#12345" both point to.
 */
function assess(description: AnalysedDescription, evidence: readonly Evidence[]): Candidate {
  const claimed = matchClauses(evidence, description.useWhen);
  for (const item of matchClauses(evidence, [description.takes])) {
    if (item.key.startsWith("identifier:")) claimed.add(item);
  }
  let disqualification: Candidate["disqualification"] = null;
  for (const boundary of description.doNotUseWhen) {
    const matched = matchClauses(evidence, [boundary]);
    if (matched.size === 0 || isStrictSubset(matched, claimed)) continue;
    if (!disqualification || weightOf(matched) > weightOf(disqualification.evidence)) {
      disqualification = { evidence: matched, useInstead: boundary.useInstead };
    }
  }
  return {
    description,
    claimed,
    score: disqualification ? 0 : weightOf(claimed),
    evidence: new Set(disqualification ? [] : claimed),
    disqualification,
  };
}

/**
 * Two tools that each send the request to the other cannot both be right: the one whose boundary matched
 * more stays ruled out and the other is reinstated; on equal weight both are reinstated and scores decide.
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
