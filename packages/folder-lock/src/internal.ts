/**
 * The pid lock file Keel's packages share (one owner: issue 30). No semver promise: names here may change in any
 * release.
 */

export { type FolderKey, folderKey } from "./folder-key.js";
export { makeFolder } from "./make-folder.js";
export type { LockAttempt, LockHolder, LockOptions, PidLock, WaitOptions } from "./pid-lock.js";
export { BEING_WRITTEN_MS, isAlive, readHolder, tryLock, waitForLock } from "./pid-lock.js";
