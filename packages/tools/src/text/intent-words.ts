// Closed classes of English words the intent readers lean on. Grammar, not domain: no tool's vocabulary.

const set = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter(Boolean));

/**
 * What may open a sentence or a clause before its real start: greetings, politeness, discourse markers and
 * the conjunctions that join a clause to the one before — "and", "then", but also a contrast or an
 * alternative ("…, but change my address", "…, or refund it", "otherwise …"): the clause after them is read
 * as it would be alone, so an order behind "but" is an order, and "but don't …" a negated one.
 */
export const LEAD_FILLERS = set(`hi hello hey yo ok okay so well oh please pls plz kindly just now and also
  then thanks thank cheers um uh hmm alright sure dear but or yet otherwise instead however`);

/** A sentence that opens with one of these asks something; it does not request an action. */
export const QUESTION_OPENERS = set(`how what when where which who whom whose why is are was were am do does
  did has have had will would should shall can could may might must ca wo`);

/** Stop words that still open an imperative: "give me …", "tell me …", "get me a …". */
export const IMPERATIVE_FUNCTION_VERBS = set("give get tell call provide let ask use");

/** A sentence that opens with one of these states something: its subject comes first. */
export const STATEMENT_OPENERS =
  set(`i me my mine we our ours us you your yours he him his she her it its they
  them their this that these those the a an there here no not`);

/** After a modal, these make "can you …", "could someone …" a polite request to act. */
export const ADDRESSEES = set("you u someone somebody anyone anybody");

/** After a modal, these make "can I …", "may we …" a request for something. */
export const SELF = set("i we");

/** Finite verbs that show the first word of a sentence was its subject: "Customer C-1 is verified". */
export const FINITE_VERBS = set(`is are was were has have had does did says said wants needs will can could
  would should isn't aren't wasn't weren't hasn't haven't hadn't doesn't didn't won't can't`);

/** "I want …", "wants …", "would like …", "need …": what follows is being asked for. */
export const WANT_VERBS = set("want wants wanted need needs wish wishes demand demands");

/** "I'd like to know …": asking for information is a question, not a request to act. */
export const INQUIRY_VERBS = set("know find see check understand learn confirm ask");

/** Words the verb of a request looks past: "get me a …", "to the …", "their …". */
export const SKIPPED_BEFORE_HEAD = set(`get have receive to me us a an the my your our their his her its some
  this that these those please just also`);

/** Where the action a request asks for ends: a subordinate clause or its topic begins. */
export const ACTION_ENDS = set(`if whether when that because since so but why how what which who where while
  after before until about regarding concerning`);

/** In a description clause, "asks (you) to …", "asks for …", "tells you to …" name the requested action. */
export const ASK_VERBS = set(
  "ask asks asked asking tell tells told request requests requested demand demands",
);

/** In a description clause: "wants (you) to …", "wants a …", "would like …". */
export const CLAUSE_WANT_VERBS = set("want wants wanted wish wishes like");

/** In a description clause, "asks whether …", "asks how much …": the clause describes a question. */
export const INTERROGATIVES = set("whether if when how what why where which who");
