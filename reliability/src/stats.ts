/** Nearest-rank percentile of `values` (0 for none); `fraction` in (0, 1]. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] ?? 0;
}

/** p50 / p99 / max in milliseconds, rounded to 0.1 ms. */
export interface LatencySummary {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export function summarizeLatencies(values: readonly number[]): LatencySummary {
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    count: values.length,
    p50: round(percentile(values, 0.5)),
    p99: round(percentile(values, 0.99)),
    max: round(values.reduce((largest, value) => Math.max(largest, value), 0)),
  };
}

/** Counts by key, keys in first-seen order. */
export class Histogram {
  readonly #counts = new Map<string, number>();

  add(key: string, count = 1): void {
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + count);
  }

  get(key: string): number {
    return this.#counts.get(key) ?? 0;
  }

  get total(): number {
    let total = 0;
    for (const count of this.#counts.values()) total += count;
    return total;
  }

  toJSON(): Record<string, number> {
    return Object.fromEntries([...this.#counts].sort(([, left], [, right]) => right - left));
  }
}

/** The process's memory in MiB, after a collection when `--expose-gc` made one available. */
export interface MemorySnapshot {
  readonly rssMiB: number;
  readonly heapUsedMiB: number;
}

export function memorySnapshot(): MemorySnapshot {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return { rssMiB: mib(usage.rss), heapUsedMiB: mib(usage.heapUsed) };
}
