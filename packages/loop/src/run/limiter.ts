/**
 * Runs at most `limit` tasks at once. A task under the limit starts synchronously (so a batch of reads
 * starts in one tick); a finishing task hands its slot straight to the next waiting one.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) {
      this.active += 1;
      return this.start(task);
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve)).then(() => this.start(task));
  }

  private async start<T>(task: () => Promise<T>): Promise<T> {
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.active -= 1;
      else next();
    }
  }
}
