import { ACTION_ENDS, WANT_VERBS } from "./intent-words.js";

// What a request says it does not want: the scope of a negation, the object of a reversal. Grammar only.

const set = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter(Boolean));

/** A negated order: "don't refund …", "never escalate …", "do not …" at the start of a clause. */
const NEGATED_ORDERS = set("don't dont never");

/** What negates the wish that follows it: "don't want", "do not need", "never asked for", "won't need". */
const NEGATORS = set("don't dont doesn't doesnt didn't didnt won't wont wouldn't wouldnt never not");

/** Words between a negator and the wish it negates: "don't really want", "do not even need". */
const NEGATION_ADVERBS = set("really even actually ever necessarily currently");

/** The wishes a negator cancels: what follows them is not asked for ("don't want a refund"). */
const WISH_VERBS = new Set([
  ...WANT_VERBS,
  ...set("wanting needing like ask asking asked request requesting requested looking expect expecting"),
]);

/** "not" negates what follows only when it is the speaker's: "I'm not asking …", "Not a refund, …". */
const SPEAKER_BEFORE_NOT = set("i'm im am we're");

/** After "no", a subject means "no" answered something ("No I want a refund"); it negates nothing. */
const INTERJECTION_FOLLOWERS = set("i i'm i'd i've we we're you it it's that this thanks thank");

/**
 * Verbs that undo an action rather than ask for it: "cancel the refund", "undo the exchange", "stop the
 * escalation". Their object is the action not wanted; the verb itself is the request.
 */
const REVERSAL_VERBS =
  set(`cancel cancels cancelling canceling undo undoes reverse reverses reversing revoke forget skip scrap
  revokes retract retracts withdraw withdraws rescind rescinds stop stops halt halts`);

/** The same after their object: "I want the refund cancelled", "have the exchange reversed". */
const REVERSAL_PARTICIPLES = set(`cancelled canceled undone reversed revoked retracted withdrawn rescinded
  stopped halted`);

/** Where a negation's scope ends: a contrast, a coordination, or where ACTION_ENDS ends a request. */
const SCOPE_ENDS = new Set([...ACTION_ENDS, ...set("but just only instead rather and or then")]);

/** A coordinated object keeps a reversal going ("cancel the refund and the exchange"); a verb ends it. */
const NOUN_STARTERS = set("a an the my your our their his her its this that these those any all some both");

/**
 * The positions of a clause's words that it says are not wanted: inside a negation's scope — a negated
 * order ("don't refund …", "do not escalate …"), a negated wish ("I don't want a refund", "do not need a
 * manager", "I'm not asking for …", "no need to escalate", "no refund"), "not …" opening a clause, and
 * "without …" — up to the end of the clause, a contrast or coordination ("but", "just", "and") or a
 * subordinate clause ("where", "if"). `start` is where the clause starts after its fillers.
 */
export function negatedPositions(tokens: readonly string[], start: number): Set<number> {
  const positions = new Set<number>();
  const cover = (from: number) => {
    for (let at = from; at < tokens.length && !SCOPE_ENDS.has(tokens[at] as string); at++) positions.add(at);
  };
  for (let index = start; index < tokens.length; index++) {
    const token = tokens[index] as string;
    const next = tokens[index + 1] ?? "";
    const opensClause = index === start;
    if (opensClause && (NEGATED_ORDERS.has(token) || (token === "do" && next === "not"))) cover(index);
    else if (NEGATORS.has(token) && negatesWish(tokens, index)) cover(index);
    else if (token === "not" && (opensClause || SPEAKER_BEFORE_NOT.has(tokens[index - 1] ?? "")))
      cover(index);
    else if (token === "no" && next !== "" && !INTERJECTION_FOLLOWERS.has(next)) cover(index);
    else if (token === "without") cover(index);
  }
  return positions;
}

/** Whether the negator at `index` negates a wish: "don't want", "do not really need", "never asked". */
function negatesWish(tokens: readonly string[], index: number): boolean {
  let at = index + 1;
  while (NEGATION_ADVERBS.has(tokens[at] ?? "")) at++;
  return WISH_VERBS.has(tokens[at] ?? "");
}

/**
 * The positions, within a request to act that runs from `from` to `end`, of what it asks to undo: the
 * object after a reversal verb ("cancel the refund on …", up to a subordinate clause or a coordinated
 * verb: "cancel the refund and call me") and the words before a reversal participle ("the refund
 * cancelled"), each with the position of the verb that undoes it. The reversal verb itself stays requested.
 */
export function reversedPositions(tokens: readonly string[], from: number, end: number): Map<number, number> {
  const positions = new Map<number, number>();
  for (let index = from; index < end; index++) {
    const token = tokens[index] as string;
    if (REVERSAL_PARTICIPLES.has(token)) {
      for (let at = from; at < index; at++) positions.set(at, index);
    }
    if (!REVERSAL_VERBS.has(token)) continue;
    for (let at = index + 1; at < end; at++) {
      const word = tokens[at] as string;
      if ((word === "and" || word === "or" || word === "then") && !NOUN_STARTERS.has(tokens[at + 1] ?? ""))
        break;
      positions.set(at, index);
    }
  }
  return positions;
}
