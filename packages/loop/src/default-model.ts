/**
 * The model Keel's CLI, scenarios, demo and examples use when none is named: one constant, so a run, its
 * trace and its docs agree. Pass `model` to `runAgent` to choose another (or set `ANTHROPIC_MODEL` for
 * the `keel` CLI).
 */
export const DEFAULT_MODEL = "claude-sonnet-5-5";
