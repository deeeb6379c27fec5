/** Counts work in progress so a shutdown can wait for it. */
export interface InFlight {
  /** Marks one unit of work as started; call the returned function (once) when it ends. */
  begin(): () => void;
  readonly count: number;
  /** Resolves true once nothing is in flight, or false after `timeoutMs` with work still running. */
  idle(timeoutMs: number): Promise<boolean>;
}

export function createInFlight(): InFlight {
  let count = 0;
  let waiters: (() => void)[] = [];
  const settle = (): void => {
    if (count !== 0) return;
    const ready = waiters;
    waiters = [];
    for (const wake of ready) wake();
  };
  return {
    begin() {
      count += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        count -= 1;
        settle();
      };
    },
    get count() {
      return count;
    },
    idle(timeoutMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== wake);
          resolve(false);
        }, timeoutMs);
        const wake = (): void => {
          clearTimeout(timer);
          resolve(true);
        };
        waiters.push(wake);
      });
    },
  };
}
