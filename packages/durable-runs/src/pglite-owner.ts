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

/** What the socket server uses of its PGlite, each statement taking the owner's turn (see `Turn`). */
export function servedByTurns(pglite: PGlite, turn: Turn): PGlite {
  // Held from a socket client's statement until the backend is out of that client's transaction block.
  let release: (() => void) | undefined;
  const settle = () => {
    if (release !== undefined && !pglite.isInTransaction()) {
      const passOn = release;
      release = undefined;
      passOn();
    }
  };
  const served = {
    waitReady: pglite.waitReady,
    // A transaction block is a socket client's only while the socket holds the turn; the owner's are not
    // the socket's to wait for or to roll back.
    isInTransaction: () => release !== undefined && pglite.isInTransaction(),
    execProtocolRawStream: (...args: Parameters<PGlite["execProtocolRawStream"]>) =>
      pglite.execProtocolRawStream(...args),
    async runExclusive<T>(work: () => Promise<T>): Promise<T> {
      release ??= await turn.take();
      try {
        return await pglite.runExclusive(work);
      } finally {
        settle();
      }
    },
    // The socket rolls back the transaction of a client that went away.
    async exec(text: string) {
      if (release === undefined) return [];
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
