import { analyzeDescription, type DescribedTool } from "../description/analyze-description.js";
import { decide } from "./decide.js";
import { requestEvidence } from "./route-request.js";
import type { RouteResult } from "./route-result.js";

/**
 * The deterministic stand-in for the model's tool choice (offline, no API key). It knows no tool names and
 * no domain words: every description is parsed and tokenised the same way, so only the descriptions can
 * change the outcome. English grammar it does read: which words a request asks to be done (see
 * `requestEvidence`), and which a clause names as an action or a question.
 *
 * A tool scores the request evidence its "Use when" clauses match — a word 1, a requested action the clause
 * names 2, an identifier whose shape it declares 2 (an email, `#12345`, `ORD-…`, `C-…`, a long number) —
 * plus identifiers its "Takes" part declares (1 each, once the use-when matched anything). A "do NOT use
 * when" clause that matches at least two words' worth disqualifies the tool — unless everything it matched
 * is also matched, and more, by the tool's own "Use when" — and passes its evidence to the sibling it names.
 * (Two tools that send the request to each other: the stronger boundary match wins.) The highest score of
 * at least 2 wins; a tie is AMBIGUOUS. When nothing scores, tools without any "Use when" condition are
 * catch-alls: if the request shares a word with one of them, all of them tie (the naive-getter failure).
 * A write is held to more (a wrong write is the costly mistake, AMBIGUOUS the cheap one): a tool whose
 * `effect` is "write" wins alone only when no other write contests it (see `contestants`) — no rival write's
 * use-when names another requested action, and it leads every rival write whose use-when matches at least 2
 * by 2, or by 1 when the request states the condition of the rival's boundary that names it.
 * A request whose opening reads both as an order and as a noun phrase ("refund status ORD-1") is routed
 * both ways; if the readings disagree it is AMBIGUOUS.
 */
export function route(request: string, tools: readonly DescribedTool[]): RouteResult {
  const descriptions = tools.map(analyzeDescription);
  const { evidence, doubtful } = requestEvidence(request);
  const writes = new Set(tools.filter((tool) => tool.effect === "write").map((tool) => tool.name));
  const result = decide(descriptions, evidence, writes);
  if (!doubtful) return result;
  const other = decide(descriptions, requestEvidence(request, true).evidence, writes);
  const chosen = (answer: RouteResult) => answer.ambiguous ?? (answer.tool ? [answer.tool] : []);
  // A reading that finds nothing does not contradict one that finds something.
  if (chosen(result).length === 0) return other;
  if (chosen(other).length === 0) return result;
  const names = [...new Set([...chosen(result), ...chosen(other)])].sort();
  if (names.length === chosen(result).length) return result;
  const verdict = (answer: RouteResult) => answer.tool ?? `AMBIGUOUS (${chosen(answer).join(", ")})`;
  const reason =
    `AMBIGUOUS between ${names.join(", ")}: "${request.trim()}" reads both as a request to act ` +
    `(→ ${verdict(result)}) and as a mention (→ ${verdict(other)}); say which with "please …" or a question.`;
  return { ...result, tool: null, ambiguous: names, reason };
}
