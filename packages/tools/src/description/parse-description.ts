/** A "do NOT use when" clause read back from text, with the sibling it names cut out of `text`. */
export interface ParsedBoundary {
  readonly text: string;
  readonly useInstead: string | null;
}

/** A description read back into its four parts (`does` holds whatever is not one of the others). */
export interface ParsedDescription {
  readonly does: readonly string[];
  readonly useWhen: readonly string[];
  readonly doNotUseWhen: readonly ParsedBoundary[];
  readonly takes: readonly string[];
  readonly returns: readonly string[];
}

type Section = "does" | "useWhen" | "doNotUseWhen" | "takes" | "returns";

const LABELS: ReadonlyArray<readonly [Section, RegExp]> = [
  ["doNotUseWhen", /^(?:do not|don't|never)\s+(?:use|call)\b[^:]{0,30}:\s*/i],
  ["useWhen", /^(?:only\s+)?(?:use|call)\b[^:]{0,30}:\s*/i],
  ["takes", /^(?:takes|accepts|inputs?|arguments|parameters)\s*:\s*/i],
  ["returns", /^(?:returns|outputs?)\s*:\s*/i],
];

const SENTENCE_BREAK = /(?<=[.!?])(?<!\b(?:e\.g|i\.e|etc|vs)\.)\s+/;
const BULLET = /^[-*•]\s+/;

// How a boundary names its sibling: "use X instead", "see tool X", "use some_tool", or `X` in backticks.
const POINTERS: readonly RegExp[] = [
  /\s*[—–-]*\s*\b(?:use|call|try)\s+(?:the\s+)?(?:tool\s+)?[`"']?([A-Za-z0-9_-]{1,64})[`"']?\s+(?:tool\s+)?instead\b[.;]?/i,
  /\s*[—–-]*\s*\bsee\s+(?:the\s+)?tool\s+[`"']?([A-Za-z0-9_-]{1,64})[`"']?(?:\s+for that(?: case)?)?[.;]?/i,
  /\s*[—–-]*\s*\b(?:see|use|call)\s+(?:the\s+)?[`"']?([A-Za-z0-9]+(?:_[A-Za-z0-9]+)+)[`"']?[.;]?/i,
  /`([A-Za-z0-9_-]{1,64})`/,
];

/**
 * Reads any description text — the rendered four-part form or free prose such as "Use for X. Do NOT use
 * if Y — use Z instead." — back into its parts. Labelled sections ("Use when:", "Do NOT use when:",
 * "Takes:", "Returns:") with bullets are read as such; other sentences are classified by how they start.
 */
export function parseDescription(text: string): ParsedDescription {
  const parts: Record<Section, string[]> = {
    does: [],
    useWhen: [],
    doNotUseWhen: [],
    takes: [],
    returns: [],
  };
  let current: Section | null = null;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line.length === 0) {
      current = null;
      continue;
    }
    const label = matchLabel(line);
    if (label) {
      current = label.section;
      if (label.rest.length > 0) parts[label.section].push(label.rest);
      continue;
    }
    if (current !== null && BULLET.test(line)) {
      parts[current].push(line.replace(BULLET, ""));
      continue;
    }
    current = null;
    for (const sentence of line.split(SENTENCE_BREAK)) {
      if (sentence.trim().length > 0) parts[classify(sentence)].push(sentence.trim());
    }
  }
  return { ...parts, doNotUseWhen: parts.doNotUseWhen.map(parseBoundary) };
}

function matchLabel(line: string): { section: Section; rest: string } | null {
  for (const [section, pattern] of LABELS) {
    const match = pattern.exec(line);
    if (match) return { section, rest: line.slice(match[0].length).trim() };
  }
  return null;
}

function classify(sentence: string): Section {
  if (/\b(?:do not|don't|never|avoid)\s+(?:use|call)(?:ing)?\b/i.test(sentence)) return "doNotUseWhen";
  if (/^(?:only\s+)?(?:use|call)\b/i.test(sentence)) return "useWhen";
  if (/\b(?:use|call)\s+(?:this\s+|it\s+)?(?:tool\s+)?(?:only\s+)?(?:when|if|for)\b/i.test(sentence)) {
    return "useWhen";
  }
  if (/^(?:takes|accepts|requires|expects)\b/i.test(sentence)) return "takes";
  if (/^returns\b/i.test(sentence)) return "returns";
  return "does";
}

function parseBoundary(clause: string): ParsedBoundary {
  for (const pattern of POINTERS) {
    const match = pattern.exec(clause);
    if (match?.[1]) {
      const text = (clause.slice(0, match.index) + clause.slice(match.index + match[0].length)).trim();
      return { text, useInstead: match[1] };
    }
  }
  return { text: clause, useInstead: null };
}
