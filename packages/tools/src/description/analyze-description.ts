import { clauseIntent } from "../text/clause-intent.js";
import { ANY_PREFIXED_ID, extractDeclaredShapes, type IdentifierShape } from "../text/identifiers.js";
import { contentTerms } from "../text/terms.js";
import type { ToolDescription, ToolEffect } from "../types.js";
import { parseDescription } from "./parse-description.js";
import { renderDescription } from "./render-description.js";

/**
 * Anything with a name and a description: a defined Tool, a ToolSpec, an Anthropic or MCP tool definition,
 * or a plain `{ name, description }` (the naive distractor). The linter and the router read only these.
 */
export interface DescribedTool {
  readonly name: string;
  readonly description: ToolDescription | string;
  readonly renderedDescription?: string | undefined;
  /** A tool that does not say it only reads counts as one that may write (the router's safety rule). */
  readonly effect?: ToolEffect | undefined;
}

/** One clause of a description as the router and linter compare it: stems and declared identifier shapes. */
export interface AnalyzedClause {
  readonly text: string;
  readonly stems: ReadonlySet<string>;
  /** Stem → the first word that produced it, for messages people read. */
  readonly words: ReadonlyMap<string, string>;
  readonly shapes: ReadonlySet<IdentifierShape>;
  /** Stems the clause names as an action the tool is asked to perform ("asks you to refund …"). */
  readonly actions: ReadonlySet<string>;
  /** Stems of a question the clause says the tool answers ("asks whether it was refunded"). */
  readonly inquiries: ReadonlySet<string>;
  /** Stems used as nouns, right after a determiner ("a refund"). */
  readonly nouns: ReadonlySet<string>;
}

export interface AnalyzedBoundary extends AnalyzedClause {
  readonly useInstead: string | null;
}

export interface AnalyzedDescription {
  readonly name: string;
  readonly text: string;
  readonly does: AnalyzedClause;
  readonly useWhen: readonly AnalyzedClause[];
  readonly doNotUseWhen: readonly AnalyzedBoundary[];
  readonly takes: AnalyzedClause;
  readonly returns: AnalyzedClause;
}

/** The rendered text of a tool's description (reuses the string `defineTool` rendered, when present). */
export function descriptionText(tool: DescribedTool): string {
  return tool.renderedDescription ?? renderDescription(tool.description);
}

/** Parses and tokenises one tool's description, the same way for every tool. */
export function analyzeDescription(tool: DescribedTool): AnalyzedDescription {
  const text = descriptionText(tool);
  const parsed = parseDescription(text);
  const useWhen = parsed.useWhen.map(analyzeClause);
  const doNotUseWhen = parsed.doNotUseWhen.map((boundary) => ({
    ...analyzeClause(boundary.text),
    useInstead: boundary.useInstead,
  }));
  const takes = analyzeClause(parsed.takes.join(" "));
  const shown = [...useWhen, ...doNotUseWhen, takes].some((clause) =>
    [...clause.shapes].some((shape) => shape.startsWith("prefixed:")),
  );
  // Prose such as "Use ONLY when you already have the customer_id" names an id without showing its shape:
  // such a description accepts any prefixed id (C-1001, INV-7) where a use-when or a boundary names one.
  const anyId = <T extends AnalyzedClause>(clause: T): T =>
    shown || !NAMES_AN_ID.test(clause.text)
      ? clause
      : { ...clause, shapes: new Set([...clause.shapes, ANY_PREFIXED_ID]) };
  return {
    name: tool.name,
    text,
    does: analyzeClause(parsed.does.join(" ")),
    useWhen: useWhen.map(anyId),
    doNotUseWhen: doNotUseWhen.map(anyId),
    takes,
    returns: analyzeClause(parsed.returns.join(" ")),
  };
}

const NAMES_AN_ID = /(?:\b|_)(?:id|ids|identifier)\b/i;

export function analyzeClause(text: string): AnalyzedClause {
  const { shapes, rest } = extractDeclaredShapes(text);
  const words = new Map(contentTerms(rest).map((term) => [term.stem, term.surface]));
  return { text, stems: new Set(words.keys()), words, shapes, ...clauseIntent(rest) };
}
