import { extractDeclaredShapes, type IdentifierShape } from "../text/identifiers.js";
import { contentTerms } from "../text/terms.js";
import type { ToolDescription } from "../types.js";
import { parseDescription } from "./parse-description.js";
import { renderDescription } from "./render-description.js";

/**
 * Anything with a name and a description: a defined Tool, a ToolSpec, an Anthropic or MCP tool definition,
 * or a plain `{ name, description }` (the naive distractor). The linter and the router read only these.
 */
export interface DescribedTool {
  readonly name: string;
  readonly description: ToolDescription | string;
  readonly renderedDescription?: string;
}

/** One clause of a description as the router and linter compare it: stems and declared identifier shapes. */
export interface AnalysedClause {
  readonly text: string;
  readonly stems: ReadonlySet<string>;
  /** Stem → the first word that produced it, for messages people read. */
  readonly words: ReadonlyMap<string, string>;
  readonly shapes: ReadonlySet<IdentifierShape>;
}

export interface AnalysedBoundary extends AnalysedClause {
  readonly useInstead: string | null;
}

export interface AnalysedDescription {
  readonly name: string;
  readonly text: string;
  readonly does: AnalysedClause;
  readonly useWhen: readonly AnalysedClause[];
  readonly doNotUseWhen: readonly AnalysedBoundary[];
  readonly takes: AnalysedClause;
  readonly returns: AnalysedClause;
}

/** The rendered text of a tool's description (reuses the string `defineTool` rendered, when present). */
export function descriptionText(tool: DescribedTool): string {
  return tool.renderedDescription ?? renderDescription(tool.description);
}

/** Parses and tokenises one tool's description, the same way for every tool. */
export function analyseDescription(tool: DescribedTool): AnalysedDescription {
  const text = descriptionText(tool);
  const parsed = parseDescription(text);
  return {
    name: tool.name,
    text,
    does: analyseClause(parsed.does.join(" ")),
    useWhen: parsed.useWhen.map(analyseClause),
    doNotUseWhen: parsed.doNotUseWhen.map((boundary) => ({
      ...analyseClause(boundary.text),
      useInstead: boundary.useInstead,
    })),
    takes: analyseClause(parsed.takes.join(" ")),
    returns: analyseClause(parsed.returns.join(" ")),
  };
}

export function analyseClause(text: string): AnalysedClause {
  const { shapes, rest } = extractDeclaredShapes(text);
  const words = new Map(contentTerms(rest).map((term) => [term.stem, term.surface]));
  return { text, stems: new Set(words.keys()), words, shapes };
}
