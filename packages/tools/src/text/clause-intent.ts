import {
  ASK_VERBS,
  CLAUSE_WANT_VERBS,
  INQUIRY_VERBS,
  INTERROGATIVES,
  SKIPPED_BEFORE_HEAD,
} from "./intent-words.js";
import { contentStem } from "./terms.js";

const COORDINATORS = new Set([",", "or", "and"]);

/** What a description clause says the tool is asked to do, what it says the tool answers, and its nouns. */
export interface ClauseIntent {
  readonly actions: ReadonlySet<string>;
  readonly inquiries: ReadonlySet<string>;
  /** Words right after a determiner ("a refund", "the order"): things, not actions. */
  readonly nouns: ReadonlySet<string>;
}

const DETERMINERS = new Set(
  "a an the their his her its my your our this that these those one each any no some every".split(" "),
);

/**
 * Reads a clause's {@link clauseActions} and its inquiries: every word after "asks whether / when / how
 * (much) / if / what …" or "wants to know …". A request matches an inquiry word only where it asks or
 * states something, never with a word it asks to be done: "refund ORD-1" does not match "the customer asks
 * whether an order was refunded", while "was ORD-1 refunded?" does.
 */
export function clauseIntent(text: string): ClauseIntent {
  const tokens = tokenize(text);
  const inquiries = new Set<string>();
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    const next = tokens[index + 1] ?? "";
    const asks = ASK_VERBS.has(token) && INTERROGATIVES.has(next);
    const wondering =
      CLAUSE_WANT_VERBS.has(token) && next === "to" && INQUIRY_VERBS.has(tokens[index + 2] ?? "");
    if (!asks && !wondering) continue;
    for (const word of tokens.slice(index + 1)) {
      const wordStem = contentStem(word);
      if (wordStem !== null) inquiries.add(wordStem);
    }
    break;
  }
  const nouns = new Set<string>();
  for (const [index, token] of tokens.entries()) {
    const wordStem = DETERMINERS.has(tokens[index - 1] ?? "") ? contentStem(token) : null;
    if (wordStem !== null) nouns.add(wordStem);
  }
  return { actions: clauseActions(text), inquiries, nouns };
}

function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9']+|,/g) ?? [];
}

/**
 * The actions a description clause says the tool is asked to perform: the words after "asks (you) to",
 * "asks for", "tells you to", "wants (you) to", "wants a", "would like", with their coordinates —
 * "asks for a refund or their money back" gives refund and money. A request only matches these through
 * the words it asks to be done, so a question about a refund does not match "asks you to refund".
 */
export function clauseActions(text: string): Set<string> {
  const tokens = tokenize(text);
  const actions = new Set<string>();
  for (let index = 0; index < tokens.length; index++) {
    const start = actionStart(tokens, index);
    if (start === null) continue;
    let at = start;
    for (;;) {
      while (at < tokens.length && SKIPPED_BEFORE_HEAD.has(tokens[at] as string)) at++;
      const action = at < tokens.length ? contentStem(tokens[at] as string) : null;
      if (action === null) break;
      actions.add(action);
      at++;
      if (!COORDINATORS.has(tokens[at] ?? "")) break;
      while (COORDINATORS.has(tokens[at] ?? "")) at++;
    }
  }
  return actions;
}

function actionStart(tokens: readonly string[], index: number): number | null {
  const token = tokens[index] as string;
  const previous = tokens[index - 1] ?? "";
  let at = index + 1;
  if (ASK_VERBS.has(token)) {
    if (tokens[at] === "you" || tokens[at] === "us") at++;
    if (tokens[at] !== "to" && tokens[at] !== "for") return null;
    at++;
  } else if (CLAUSE_WANT_VERBS.has(token)) {
    if (token === "like" && previous !== "would" && !previous.endsWith("'d")) return null;
    if (tokens[at] === "you") at++;
  } else {
    return null;
  }
  if (tokens[at] === "to") at++;
  return INQUIRY_VERBS.has(tokens[at] ?? "") ? null : at;
}
