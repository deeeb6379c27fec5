/** Small statistics over samples; every function copies before sorting so callers keep their order. */

/** @param {readonly number[]} values */
export function sorted(values) {
  return [...values].sort((left, right) => left - right);
}

/**
 * The q-quantile (0..1) by linear interpolation between closest ranks.
 * @param {readonly number[]} values
 * @param {number} q
 */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const ordered = sorted(values);
  const position = (ordered.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const weight = position - lower;
  return ordered[lower] * (1 - weight) + ordered[upper] * weight;
}

/** @param {readonly number[]} values */
export const median = (values) => quantile(values, 0.5);

/**
 * What a load run measured: calls per second and the latency quantiles of the calls that completed.
 * @param {readonly number[]} latencies ms, one per completed call
 * @param {number} seconds the measured window
 */
export function throughput(latencies, seconds) {
  return {
    perSecond: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    completed: latencies.length,
  };
}

/**
 * Median, min and max of a sample, plus its size.
 * @param {readonly number[]} values
 * @returns {{ median: number, min: number, max: number, n: number }}
 */
export function summary(values) {
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, n: 0 };
  const ordered = sorted(values);
  return { median: median(ordered), min: ordered[0], max: ordered[ordered.length - 1], n: ordered.length };
}
