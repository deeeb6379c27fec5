import type { AnalyzedDescription } from "../description/analyze-description.js";
import { assessCandidates, type Candidate } from "./candidates.js";
import { type Contest, contestants } from "./contest.js";
import { displayTerms, type Evidence, MINIMUM_EVIDENCE, matchClauses } from "./route-request.js";
import type { RouteDisqualification, RouteResult } from "./route-result.js";

/** The router's choice over analysed descriptions for one reading of the request (see `route`). */
export function decide(
  descriptions: readonly AnalyzedDescription[],
  evidence: readonly Evidence[],
  writes: ReadonlySet<string> = new Set(),
): RouteResult {
  const candidates = assessCandidates(descriptions, evidence);
  const scores = Object.fromEntries(
    candidates.map((candidate) => [candidate.description.name, candidate.score]),
  );
  const disqualified = candidates.flatMap((candidate) =>
    candidate.disqualification
      ? [
          {
            tool: candidate.description.name,
            terms: displayTerms(candidate.disqualification.evidence),
            useInstead: candidate.disqualification.useInstead,
          },
        ]
      : [],
  );
  const base = { scores, disqualified };
  const notes = disqualificationNotes(disqualified);
  const ranked = candidates
    .filter((candidate) => !candidate.disqualification && candidate.score >= MINIMUM_EVIDENCE)
    .sort((left, right) => right.score - left.score);
  const best = ranked[0];
  if (best) {
    // A request that asks for two actions, each named by a different tool's use-when, is not one tool's.
    const tied = ranked.filter(
      (candidate) =>
        candidate.score === best.score ||
        (asksForMoreThan(candidate, best) && asksForMoreThan(best, candidate)),
    );
    const contests = tied.length === 1 ? contestants(best, candidates, writes) : [];
    if (contests.length > 0) return contested(best, contests, base, notes);
    const terms = displayTerms(new Set(tied.flatMap((candidate) => [...candidate.evidence])));
    if (tied.length === 1) {
      const own = displayTerms(best.claimed);
      const why =
        own.length > 0 ? `its use-when matched ${quote(own)}` : "a sibling's boundary sends it here";
      return {
        ...base,
        tool: best.description.name,
        ambiguous: null,
        terms,
        reason: `${best.description.name}: ${why}.${notes}`,
      };
    }
    const names = tied.map((candidate) => candidate.description.name).sort();
    const why = tied.every((candidate) => candidate.score === best.score)
      ? `tied at score ${best.score} on ${quote(terms)}`
      : `the request asks for ${quote(requestedActions(tied))}, actions of different tools`;
    const reason = `AMBIGUOUS between ${names.join(", ")}: ${why}.${notes}`;
    return { ...base, tool: null, ambiguous: names, terms, reason };
  }
  return catchAllOrNone(candidates, evidence, base, notes);
}

/** A write that rival writes contest is AMBIGUOUS between them (see `contestants`). */
function contested(
  best: Candidate,
  contests: readonly Contest[],
  base: Pick<RouteResult, "scores" | "disqualified">,
  notes: string,
): RouteResult {
  const tied = [best, ...contests.map((contest) => contest.rival)];
  const names = tied.map((candidate) => candidate.description.name).sort();
  const terms = displayTerms(
    new Set(tied.flatMap((candidate) => [...candidate.evidence, ...candidate.claimed])),
  );
  const why = contests.map(({ rival, otherAction, undone, lead, needed, conflicting }) =>
    undone
      ? `${best.description.name} is picked by "${undone.display}", which undoes what ${rival.description.name} does`
      : otherAction
        ? `${rival.description.name}'s use-when names "${otherAction.display}", which ${best.description.name}'s does not`
        : `${best.description.name} leads ${rival.description.name} by ${lead} where a write needs ${needed}` +
          (conflicting
            ? " (the request states the conditions of both)"
            : needed > 1
              ? " (the request states no condition that sets them apart)"
              : ""),
  );
  const reason = `AMBIGUOUS between ${names.join(", ")}: ${why.join("; ")}.${notes}`;
  return { ...base, tool: null, ambiguous: names, terms, reason };
}

/** Whether `candidate`'s use-when names a requested action that `other`'s does not. */
function asksForMoreThan(candidate: Candidate, other: Candidate): boolean {
  return [...candidate.claimed].some((item) => item.kind === "action" && !other.claimed.has(item));
}

/** The requested actions the candidates' use-whens name, in request order. */
function requestedActions(candidates: readonly Candidate[]): string[] {
  const actions = new Set(
    candidates.flatMap((candidate) => [...candidate.claimed].filter((item) => item.kind === "action")),
  );
  return [...actions].sort((left, right) => left.position - right.position).map((item) => item.display);
}

function catchAllOrNone(
  candidates: readonly Candidate[],
  evidence: readonly Evidence[],
  base: Pick<RouteResult, "scores" | "disqualified">,
  notes: string,
): RouteResult {
  const catchAlls = candidates.filter(
    (candidate) => !candidate.disqualification && candidate.description.useWhen.length === 0,
  );
  const touched = matchClauses(
    evidence,
    catchAlls.flatMap(({ description }) => [description.does, description.takes, description.returns]),
  );
  const terms = displayTerms(touched);
  const names = catchAlls.map((candidate) => candidate.description.name).sort();
  if (touched.size > 0 && names.length === 1) {
    const reason = `${names[0]}: no use-when condition matches, but it has none and reads as a catch-all for ${quote(terms)}.${notes}`;
    return { ...base, tool: names[0] ?? null, ambiguous: null, terms, reason };
  }
  if (touched.size > 0 && names.length > 1) {
    const reason =
      `AMBIGUOUS between ${names.join(", ")}: none of them says when to use it, so the request ` +
      `(${quote(terms)}) cannot be told apart between them.${notes}`;
    return { ...base, tool: null, ambiguous: names, terms, reason };
  }
  const weak = candidates.filter((candidate) => !candidate.disqualification && candidate.score > 0);
  const why =
    weak.length > 0
      ? `only one incidental word matches (${weak
          .map((candidate) => `${candidate.description.name}: ${quote(displayTerms(candidate.evidence))}`)
          .join("; ")}), too little to call a tool`
      : "no use-when condition or declared identifier matches the request";
  return { ...base, tool: null, ambiguous: null, terms: [], reason: `No tool: ${why}.${notes}` };
}

function disqualificationNotes(disqualified: readonly RouteDisqualification[]): string {
  return disqualified
    .map((entry) => {
      const target = entry.useInstead ? ` and points to ${entry.useInstead}` : "";
      return ` ${entry.tool} is ruled out by its do-NOT-use boundary (${quote(entry.terms)})${target}.`;
    })
    .join("");
}

function quote(terms: readonly string[]): string {
  return terms.map((term) => `"${term}"`).join(", ");
}
