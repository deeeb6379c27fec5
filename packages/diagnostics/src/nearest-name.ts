/**
 * The known name a typo most likely meant, or undefined when none is close or two are equally close (a
 * wrong guess is worse than none). The one suggester of Keel: `keel` and `keel-mcp` options and commands,
 * and `@keel/tools`' unknown tool names. In order, the first step that finds exactly one name wins:
 *
 * 1. The same letters under other case or separators (`GetCustomerById`, `Lookup-Order` → `lookup_order`).
 * 2. The same words in another order (`refund_process` → `process_refund`).
 * 3. The whole name, case ignored: at most a third of the longer of the two may differ, always at least one
 *    edit but never every letter (`rn` → `run`, `rnu` → `run`, `jsno` → `json`, `hihg-value-refund` →
 *    `high-value-refund`; `x` is not `h`). An edit is an insertion, a deletion, a substitution or a swap of
 *    two neighbouring letters (optimal string alignment, or restricted Damerau–Levenshtein distance).
 * 4. Only when no whole name is that close, the start of a name: what was typed (3 characters or more)
 *    begins exactly one name, with one edit allowed in every 5 characters typed (`eval` → `eval-routing`,
 *    `max-iter` → `max-iterations`, `max-itre` → `max-iterations`). A start shared by several names
 *    (`log` for `log-level` and `log-format`) names none of them.
 *
 * Text more than twice as long as the longest name is near none of them, so it is not compared: the work
 * stays bounded whatever a caller sends.
 */
export function nearestName(typed: string, names: readonly string[]): string | undefined {
  const wanted = typed.toLowerCase();
  const unique = [...new Set(names)];
  const longest = Math.max(0, ...unique.map((name) => name.length));
  if (wanted === "" || wanted.length > 2 * longest) return undefined;
  const sameLetters = onlyOne(unique.filter((name) => squash(name) === squash(typed)));
  if (sameLetters !== undefined || squash(typed) === "") return sameLetters;
  const sameWords = onlyOne(unique.filter((name) => wordKey(name) === wordKey(typed)));
  if (sameWords !== undefined) return sameWords;
  const whole: Candidate[] = [];
  const starts: Candidate[] = [];
  for (const name of unique) {
    const { distance, prefixDistance } = distances(wanted, name.toLowerCase());
    const longer = Math.max(wanted.length, name.length);
    if (distance <= Math.max(1, Math.floor(longer / 3)) && distance < longer) {
      whole.push({ name, distance });
    } else if (wanted.length >= MIN_START && prefixDistance <= Math.floor(wanted.length / 5)) {
      starts.push({ name, distance: prefixDistance });
    }
  }
  return only(whole) ?? (whole.length === 0 ? only(starts) : undefined);
}

/** Letters and digits only, lower case: `Lookup-Order` → `lookuporder`. */
function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The words of a name, sorted: `refundProcess` and `process_refund` → `process refund`. */
function wordKey(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .sort()
    .join(" ");
}

function onlyOne(found: readonly string[]): string | undefined {
  return found.length === 1 ? found[0] : undefined;
}

/** The fewest characters that count as the start of a name: `ev` names nothing, `eval` does. */
const MIN_START = 3;

interface Candidate {
  readonly name: string;
  readonly distance: number;
}

/** The nearest candidate, or undefined when there is none or several tie. */
function only(candidates: readonly Candidate[]): string | undefined {
  const best = Math.min(...candidates.map((candidate) => candidate.distance));
  const nearest = candidates.filter((candidate) => candidate.distance === best);
  return nearest.length === 1 ? nearest[0]?.name : undefined;
}

/**
 * The optimal string alignment distance from `typed` to `name`, and to the nearest start of `name` (the
 * last row of the same table: column j is the distance to the first j characters).
 */
function distances(typed: string, name: string): { distance: number; prefixDistance: number } {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: name.length + 1 }, (_, column) => column);
  for (let row = 1; row <= typed.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= name.length; column += 1) {
      const cost = typed[row - 1] === name[column - 1] ? 0 : 1;
      let best = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      const swapped =
        row > 1 && column > 1 && typed[row - 1] === name[column - 2] && typed[row - 2] === name[column - 1];
      if (swapped) best = Math.min(best, beforePrevious[column - 2]! + 1);
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return { distance: previous[name.length]!, prefixDistance: Math.min(...previous) };
}

/**
 * The one "did you mean" sentence of `keel` and `keel-mcp`: ` Did you mean X?` for the name nearest `typed`
 * (see nearestName), or "" when none is near. It starts with a space, to follow another sentence
 * (`Unknown option '--memroy'. Did you mean --memory?`). `spell` writes the name as the user would type it
 * (`--memory` for the option `memory`, `keel run` for the command `run`); what has a space is quoted, so
 * the sentence reads unambiguously (`Did you mean "keel tickets approve"?`), a single word is not
 * (`Did you mean warn?`).
 */
export function didYouMean(
  typed: string,
  names: readonly string[],
  spell: (name: string) => string = (name) => name,
): string {
  const nearest = nearestName(typed, names);
  if (nearest === undefined) return "";
  const written = spell(nearest);
  return ` Did you mean ${/\s/.test(written) ? `"${written}"` : written}?`;
}
