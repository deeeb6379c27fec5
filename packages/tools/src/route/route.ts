import { analyseDescription, type DescribedTool } from "../description/analyse-description.js";
import { assessCandidates, type Candidate } from "./candidates.js";
import { displayTerms, type Evidence, matchClauses, requestEvidence } from "./route-request.js";

/** A tool ruled out by one of its own "do NOT use when" boundaries, and the sibling that boundary names. */
export interface RouteDisqualification {
  readonly tool: string;
  readonly terms: readonly string[];
  readonly useInstead: string | null;
}

/**
 * The router's choice: one `tool`, or `ambiguous` (the tied names, `tool: null`), or neither (none).
 * `terms` are the request words and identifiers that decided it; `scores` the final score of every tool.
 */
export interface RouteResult {
  readonly tool: string | null;
  readonly ambiguous: readonly string[] | null;
  readonly reason: string;
  readonly terms: readonly string[];
  readonly scores: Readonly<Record<string, number>>;
  readonly disqualified: readonly RouteDisqualification[];
}

/**
 * The deterministic stand-in for the model's tool choice (offline, no API key). It knows no tool names and
 * no domain words: every description is parsed and tokenised the same way, so only the descriptions can
 * change the outcome.
 *
 * A tool scores the request terms its "Use when" clauses contain (1 each) plus the request identifiers whose
 * shape its "Use when"/"Takes" parts declare (2 each: an email, `#12345`, `ORD-…`, `C-…`, a long number).
 * A "do NOT use when" clause that matches disqualifies the tool — unless everything it matched is also
 * matched, and more, by the tool's own "Use when" — and passes its matched weight to the sibling it names.
 * (Two tools that send the request to each other: the stronger boundary match wins.)
 * Highest score wins; a tie is AMBIGUOUS. When nothing scores, tools without any "Use when" condition are
 * catch-alls: if the request shares a word with one of them, all of them tie (the naive-getter failure).
 */
export function route(request: string, tools: readonly DescribedTool[]): RouteResult {
  const evidence = requestEvidence(request);
  const candidates = assessCandidates(tools.map(analyseDescription), evidence);
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
    .filter((candidate) => !candidate.disqualification && candidate.score > 0)
    .sort((left, right) => right.score - left.score);
  const best = ranked[0];
  if (best) {
    const tied = ranked.filter((candidate) => candidate.score === best.score);
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
    const reason = `AMBIGUOUS between ${names.join(", ")}: tied at score ${best.score} on ${quote(terms)}.${notes}`;
    return { ...base, tool: null, ambiguous: names, terms, reason };
  }
  return catchAllOrNone(candidates, evidence, base, notes);
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
  return {
    ...base,
    tool: null,
    ambiguous: null,
    terms: [],
    reason: `No tool: no use-when condition or declared identifier matches the request.${notes}`,
  };
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
