import { words } from "./terms.js";

/** Words that state a condition: a question from the speaker's side that has one asks about a policy. */
const CONDITIONS = new Set(["if", "unless", "when", "whenever", "once", "after"]);

/** "if possible", "if that's ok", "if you could": politeness, no condition. */
function isPoliteIf(tokens: readonly string[], at: number): boolean {
  const next = tokens[at + 1] ?? "";
  const then = tokens[at + 2] ?? "";
  if (next === "possible" || next === "ok" || next === "okay") return true;
  if (next === "you" || next === "u") return POLITE_AFTER_IF_YOU.has(then);
  return (next === "that's" || next === "it's") && ["possible", "ok", "okay", "fine"].includes(then);
}

const POLITE_AFTER_IF_YOU = new Set(["can", "could", "would", "will", "may", "don't", "please", "mind"]);

/** For each clause, whether its sentence (up to . ! ? or a line break) states a condition. */
export function conditionalClauses(parts: readonly [string, string][]): boolean[] {
  const result: boolean[] = [];
  let sentence: string[] = [];
  let from = 0;
  for (const [index, [clause, end]] of parts.entries()) {
    sentence.push(...words(clause));
    if (!/[.!?\n]/.test(end) && index < parts.length - 1) continue;
    const states = sentence.some(
      (token, at) => CONDITIONS.has(token) && !(token === "if" && isPoliteIf(sentence, at)),
    );
    for (; from <= index; from++) result.push(states);
    sentence = [];
  }
  return result;
}
