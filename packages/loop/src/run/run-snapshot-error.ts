import { KeelConfigError } from "@keel/errors";

export type RunSnapshotErrorCode =
  | "INVALID_RUN_SNAPSHOT"
  | "RUN_SNAPSHOT_TOO_NEW"
  | "INVALID_APPROVAL"
  | "TOOLS_CHANGED";

/** A snapshot or a decision `resumeRun` refuses before anything runs: switch on `code`. */
export class RunSnapshotError extends KeelConfigError<RunSnapshotErrorCode> {
  static override readonly errorName = "RunSnapshotError";
}
