/** A tool ruled out by one of its own "do NOT use when" boundaries, and the sibling that boundary names. */
export interface RouteDisqualification {
  readonly tool: string;
  readonly terms: readonly string[];
  readonly useInstead: string | null;
}

/**
 * The router's choice: one `tool`, or `ambiguous` (the tied names, `tool: null`), or neither (none).
 * `terms` are the request words and identifiers that decided it; `scores` the final score of every tool.
 */
export interface RouteResult {
  readonly tool: string | null;
  readonly ambiguous: readonly string[] | null;
  readonly reason: string;
  readonly terms: readonly string[];
  readonly scores: Readonly<Record<string, number>>;
  readonly disqualified: readonly RouteDisqualification[];
}
