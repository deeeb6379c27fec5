import type { supportSurface } from "../support-surface.js";

// Its own file so that run-cli.ts (which loads serve-command.ts on demand) and serve-command.ts share the
// type without importing each other.

/** What the CLI builds its tools from; tests swap it to drive the real start-up and signal handling. */
export interface CliDependencies {
  readonly surface?: typeof supportSurface;
}
