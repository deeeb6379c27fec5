// Where the workspace's scripts put scratch files: KEEL_SCRATCH_DIR if set, else a memory file system (Linux's
// /dev/shm) when it is writable with 2 GB free, else the system's temp folder. The test run writes and removes
// hundreds of MB (npm installs, PGlite folders); on this project's disk-backed /tmp that costs seconds of system
// CPU a memory file system does not (pack-smoke's installs: ~45 s of system CPU on /tmp, ~25 s on /dev/shm).
import { accessSync, constants, statfsSync } from "node:fs";
import { tmpdir } from "node:os";

const MEMORY = "/dev/shm";
const NEEDED_BYTES = 2 * 1024 ** 3;

/** The folder to make scratch folders in (see above). */
export function scratchRoot() {
  if (process.env.KEEL_SCRATCH_DIR) return process.env.KEEL_SCRATCH_DIR;
  try {
    accessSync(MEMORY, constants.W_OK);
    const { bavail, bsize } = statfsSync(MEMORY);
    if (bavail * bsize >= NEEDED_BYTES) return MEMORY;
  } catch {
    // no such folder, not writable, or statfs unsupported: the system's temp folder
  }
  return tmpdir();
}
