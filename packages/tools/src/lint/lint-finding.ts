/** Stable ids of the linter's findings; the README documents each. */
export type LintFindingId =
  | "name-invalid"
  | "duplicate-name"
  | "generic-description"
  | "missing-use-when"
  | "missing-do-not-use"
  | "missing-takes"
  | "missing-returns"
  | "unknown-sibling"
  | "boundary-without-sibling"
  | "one-sided-boundary"
  | "overlap-without-boundary";

/** One problem with a tool surface: `error` will misroute or break; `warning` weakens routing. */
export interface LintFinding {
  readonly id: LintFindingId;
  readonly severity: "error" | "warning";
  readonly tool: string;
  readonly message: string;
}
