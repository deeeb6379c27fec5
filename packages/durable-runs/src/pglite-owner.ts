import type { PGlite } from "@electric-sql/pglite";

/**
 * One transaction at a time on a PGlite folder's single backend, across its owner and the owner's socket
 * clients. `@electric-sql/pglite-socket` keeps two socket clients' transactions apart (while one is open it
 * serves only that client), but not the owner's own statements: PGlite's `query` and `transaction` and the
 * socket's `runExclusive` take different locks, so an owner's statement sent while a client's BEGIN is open
 * ran inside that transaction (and was rolled back with it), and a client's statement sent during an owner's
 * transaction joined the owner's (`pglite-owner.test.ts` shows both). Here every owner call holds `Turn`
 * for its whole length, and the socket takes it at a client's statement and keeps it until that client's
 * transaction block has ended.
 */
export class Turn {
  #tail: Promise<void> = Promise.resolve();

  /** Waits for the turn; call the returned function to pass it on. */
  take(): Promise<() => void> {
    let release!: () => void;
    const passed = new Promise<void>((resolve) => {
      release = resolve;
    });
    const taken = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => passed);
    return taken;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.take();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/**
 * Messages of the extended query protocol that a client follows with more of the same statement, up to its
 * Sync: Parse, Bind, Describe, Execute, Close, Flush. Until that Sync the backend is inside the statement's
 * implicit transaction (its unnamed statement and portal, its `now()`), so no one else may go in between.
 */
const MID_STATEMENT = new Set(["P", "B", "D", "E", "C", "H"].map((type) => type.charCodeAt(0)));

/**
 * What the socket server uses of its PGlite, each client's statements taking the owner's turn (see `Turn`).
 * The socket takes the turn at a client's first message and keeps it to the end of that client's statement
 * (its Sync or simple Query) and, after a BEGIN, to the end of its transaction block; while it holds the turn
 * it reports a transaction, so the socket's queue serves that client alone.
 */
export function servedByTurns(pglite: PGlite, turn: Turn): PGlite {
  let release: (() => void) | undefined;
  let midStatement = false;
  const settle = () => {
    if (release !== undefined && !midStatement && !pglite.isInTransaction()) {
      const passOn = release;
      release = undefined;
      passOn();
    }
  };
  const served = {
    waitReady: pglite.waitReady,
    // The owner's transactions are not the socket's to wait for or to roll back.
    isInTransaction: () => release !== undefined,
    execProtocolRawStream: (...args: Parameters<PGlite["execProtocolRawStream"]>) => {
      midStatement = MID_STATEMENT.has(args[0][0] ?? 0);
      return pglite.execProtocolRawStream(...args);
    },
    async runExclusive<T>(work: () => Promise<T>): Promise<T> {
      release ??= await turn.take();
      try {
        return await pglite.runExclusive(work);
      } finally {
        settle();
      }
    },
    // The socket ends the statement or transaction of a client that went away.
    async exec(text: string) {
      if (release === undefined) return [];
      midStatement = false;
      try {
        return await pglite.exec(text);
      } finally {
        settle();
      }
    },
  };
  return served as unknown as PGlite;
}

/** The owner's PGlite for pg-boss (`fromPglite`): each statement in the owner's turn. */
export function ownedByTurns(pglite: PGlite, turn: Turn): PGlite {
  const owned = {
    query: (...args: Parameters<PGlite["query"]>) => turn.run(() => pglite.query(...args)),
    exec: (...args: Parameters<PGlite["exec"]>) => turn.run(() => pglite.exec(...args)),
    listen: (...args: Parameters<PGlite["listen"]>) => turn.run(() => pglite.listen(...args)),
  };
  return owned as unknown as PGlite;
}
