import { COMMAND_LINE_EXIT } from "@keel/command-line";

/**
 * Exit codes: 0 success, 1 the command ran and the answer is "no" (failed run, findings), 2 usage,
 * 3 the run is waiting for a person's approval (`keel run --hold`; continue with `keel tickets approve`),
 * 4 the store is unavailable: a command that opens a store (run with the sql store or --enqueue, worker,
 * runs, tickets) could not open it or it stopped answering — never read as "not found" or as a run's end.
 * `main` gives it for a StoreUnavailableError, whichever command threw it.
 * Their own module, so `keel --help` and `--version` exit without loading a command's helpers.
 */
export const EXIT = {
  ok: COMMAND_LINE_EXIT.ok,
  failed: 1,
  usage: COMMAND_LINE_EXIT.usage,
  awaitingApproval: 3,
  storeUnavailable: 4,
} as const;
