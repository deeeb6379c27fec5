/**
 * The model Keel's CLI, scenarios, demo and examples use when none is named (declared in `@keel/wire`, so a
 * program can name it without loading the loop). Pass `model` to `runAgent` to choose another (or set
 * `ANTHROPIC_MODEL` for the `keel` CLI).
 */
export { DEFAULT_MODEL } from "@keel/wire";
