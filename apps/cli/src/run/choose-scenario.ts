import type { SupportScenario } from "@keel/support-desk";

const STOP_WORDS = new Set(
  (
    "a an and are as at be by can could do does for from have hi hello here i i'd i'm if in is it its me my " +
    "of on or our please so that the this to was we what where with you your it's would like want get " +
    "there about any just need some then also"
  ).split(" "),
);

/** Identifiers and amounts decide more than ordinary words: they name the very case. */
const IDENTIFIER = /^(?:[a-z]+-\d+|#\d+|\$?\d+(?:\.\d+)?|[^@\s]+@[^@\s]+)$/;

function terms(text: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const raw of text.toLowerCase().match(/[#$]?[a-z0-9][a-z0-9@._'-]*/g) ?? []) {
    const word = raw.replace(/[.,'-]+$/, "");
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    const money = word.startsWith("$") ? word.slice(1) : word;
    weights.set(money, IDENTIFIER.test(word) ? 3 : 1);
  }
  return weights;
}

export interface ScenarioMatch {
  readonly scenario: SupportScenario;
  /** The share of the request's weighted terms the scenario contains, 0..1. */
  readonly score: number;
}

/** Below this share of the request, a scenario is a guess, not a match. */
const MINIMUM_SCORE = 0.35;

/**
 * The scenario with exactly this request, else the one whose request (and description) shares the most of its words — identifiers such as
 * ORD-1002, emails and amounts weigh three times a word. Undefined when none reaches the threshold or two tie,
 * so the caller explains what to pass instead of guessing.
 */
export function matchScenario(
  request: string,
  scenarios: readonly SupportScenario[],
): ScenarioMatch | undefined {
  const normalize = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();
  const exact = scenarios.find((scenario) => normalize(scenario.request) === normalize(request));
  if (exact) return { scenario: exact, score: 1 };
  const wanted = terms(request);
  const total = [...wanted.values()].reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return undefined;
  const ranked = scenarios
    .map((scenario) => {
      const known = terms(
        `${scenario.request} ${scenario.description} ${scenario.name.replaceAll("-", " ")}`,
      );
      let shared = 0;
      for (const [term, weight] of wanted) if (known.has(term)) shared += weight;
      return { scenario, score: shared / total };
    })
    .sort((left, right) => right.score - left.score);
  const [best, second] = ranked;
  if (!best || best.score < MINIMUM_SCORE) return undefined;
  if (second && second.score === best.score) return undefined;
  return best;
}
