import type { Candidate } from "./candidates.js";
import { type Evidence, MINIMUM_EVIDENCE, weightOf } from "./route-request.js";

/**
 * The lead a write tool needs over a rival write, unless the request states the condition that rules the
 * rival out: as much evidence as it takes to call any tool at all. Chosen by cross-validation on τ² retail's
 * train split (see evals/tau2-retail/README.md): 2 in four folds of five, 1 in the fifth.
 */
export const WRITE_LEAD = MINIMUM_EVIDENCE;

/** Why a rival write contests the winner: it names another requested action, or the winner's lead is short. */
export interface Contest {
  readonly rival: Candidate;
  readonly otherAction: Evidence | null;
  /** The winner's requested action, when it undoes the rival's ("cancel" the refund): see undoneAction. */
  readonly undone: Evidence | null;
  readonly lead: number;
  readonly needed: number;
  /** The request states the condition of each: neither is settled by it. */
  readonly conflicting: boolean;
}

/**
 * The rival writes that keep a write tool from winning alone (the safety rule; see `route`). A wrong write is
 * the costly mistake and AMBIGUOUS the cheap one, so the winner `best`, when it writes, is contested by every
 * other write whose use-when names as its action what the winner's requested action undoes ("cancel the
 * refund"), and by every other write whose own use-when matches at least MINIMUM_EVIDENCE (even one its
 * boundary rules out):
 * - when the rival's use-when names a requested action the winner's does not (two actions, two tools);
 * - when the winner's lead — the evidence only it has (its own and what boundaries passed it) minus the
 *   evidence only the rival's use-when claims — is under WRITE_LEAD, unless the request states the rival's
 *   condition: a word or identifier, other than the requested action itself, that a boundary of the rival
 *   naming the winner matches ("do NOT use when the order was delivered: use exchange"). A stated condition
 *   needs only a lead of 1 — unless the request also states the winner's condition that names the rival
 *   (it states both, so it settles neither).
 */
export function contestants(
  best: Candidate,
  candidates: readonly Candidate[],
  writes: ReadonlySet<string>,
): Contest[] {
  if (!writes.has(best.description.name)) return [];
  return candidates.flatMap((rival): Contest[] => {
    if (rival === best || !writes.has(rival.description.name)) return [];
    const undone = undoneAction(best, rival);
    if (undone !== null)
      return [{ rival, otherAction: null, undone, lead: 0, needed: 0, conflicting: false }];
    if (weightOf(rival.claimed) < MINIMUM_EVIDENCE) return [];
    const otherAction =
      [...rival.claimed].find((item) => item.kind === "action" && !best.claimed.has(item)) ?? null;
    const lead =
      weightOf(minus(best.evidence, rival.claimed)) - weightOf(minus(rival.claimed, best.evidence));
    // A request that states both twins' conditions ("exchange what I received for the one in my pending
    // order") settles neither: the full lead is needed again.
    const stated = statesCondition(best, rival);
    const conflicting = stated && statesCondition(rival, best);
    const needed = stated && !conflicting ? 1 : WRITE_LEAD;
    return otherAction !== null || lead < needed
      ? [{ rival, otherAction, undone: null, lead, needed, conflicting }]
      : [];
  });
}

/**
 * The winner's requested action when it undoes what the rival's use-when names as its action: "cancel the
 * refund" picks a cancelling write by "cancel", but it is about the refund, so the refunding write contests
 * it (AMBIGUOUS, never a guess between them).
 */
function undoneAction(best: Candidate, rival: Candidate): Evidence | null {
  const named = (stem: string) => rival.description.useWhen.some((clause) => clause.actions.has(stem));
  return (
    [...best.claimed].find(
      (item) => item.kind === "action" && [...(item.undoes ?? [])].some((stem) => named(stem)),
    ) ?? null
  );
}

/**
 * Whether the request states what rules `rival` out in favour of `best` (not just `best`'s own action):
 * evidence only `best` has matches a boundary of `rival` that names `best`.
 */
function statesCondition(best: Candidate, rival: Candidate): boolean {
  const boundaries = rival.description.doNotUseWhen.filter(
    (boundary) => boundary.useInstead === best.description.name,
  );
  const actions = new Set(
    [...best.claimed].filter((item) => item.kind === "action").map((item) => item.display),
  );
  const ownEvidence = best.disqualification ? best.claimed : best.evidence;
  return minus(ownEvidence, rival.claimed).some(
    (item) =>
      (item.kind === "word" || item.kind === "identifier") &&
      !actions.has(item.display) &&
      boundaries.some((boundary) => item.matches(boundary)),
  );
}

function minus(left: ReadonlySet<Evidence>, right: ReadonlySet<Evidence>): Evidence[] {
  return [...left].filter((item) => !right.has(item));
}
