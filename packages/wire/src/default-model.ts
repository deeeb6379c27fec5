/**
 * The model Keel's CLI, scenarios, demo and examples use when none is named: one constant, so a run, its
 * trace and its docs agree. Declared with the wire shapes so that a program can name it without loading the
 * agent loop (`keel --help` and an offline `keel route` start faster); `@keel/loop` exports the same constant.
 */
export const DEFAULT_MODEL = "claude-sonnet-5-5";
