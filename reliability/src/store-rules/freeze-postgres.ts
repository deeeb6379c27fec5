import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";

/** The parent pid and the pid of a Linux process, from /proc (undefined once it is gone). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function childrenOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => parentOf(pid) === parent);
}

/** A PostgreSQL server on this machine that can be frozen like a stalled host (SIGSTOP) and thawed (SIGCONT). */
export interface FreezablePostgres {
  /** Stops the postmaster (no new connections) and then every backend and worker it forked. */
  freeze(): void;
  /** Continues them all; safe to call when not frozen. */
  thaw(): void;
}

/**
 * Finds the server behind `url` through a backend's parent pid (Linux /proc; this process must be allowed to
 * signal the server's processes, e.g. root in CI). Freezing leaves TCP accepting connections in the kernel
 * while nothing answers: what a client sees of a frozen VM or a long GC-like stall.
 */
export async function freezablePostgres(url: string): Promise<FreezablePostgres> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let backend: number;
  let postmaster: number | undefined;
  try {
    backend = Number((await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid);
    postmaster = parentOf(backend); // while the backend still lives
  } finally {
    await client.end();
  }
  if (postmaster === undefined) throw new Error(`cannot find the postmaster of backend ${backend} in /proc`);
  let frozen: number[] = [];
  return {
    freeze() {
      process.kill(postmaster, "SIGSTOP");
      frozen = childrenOf(postmaster);
      for (const pid of frozen) process.kill(pid, "SIGSTOP");
    },
    thaw() {
      for (const pid of frozen) {
        try {
          process.kill(pid, "SIGCONT");
        } catch {
          // A backend that exited meanwhile has nothing to continue.
        }
      }
      frozen = [];
      process.kill(postmaster, "SIGCONT");
    },
  };
}
