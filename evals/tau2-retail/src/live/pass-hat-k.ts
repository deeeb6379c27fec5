/** C(n, k), exact for the small n of a benchmark (the product stays an integer at every step). */
function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let index = 1; index <= k; index++) result = (result * (n - k + index)) / index;
  return result;
}

/**
 * τ-bench's pass^k of one task (arXiv 2406.12045): with n trials of which c passed, the chance that k trials
 * drawn without replacement all pass, C(c, k) / C(n, k). pass^1 is the success rate c / n.
 */
export function taskPassHatK(passes: number, trials: number, k: number): number {
  if (!Number.isInteger(k) || k < 1 || k > trials)
    throw new RangeError(`pass^${k} needs 1 ≤ k ≤ the ${trials} trials of a task`);
  return binomial(passes, k) / binomial(trials, k);
}

/** pass^1 … pass^k of one task, in order. */
export function passHatCurve(passes: number, trials: number, k: number): number[] {
  return Array.from({ length: k }, (_, index) => taskPassHatK(passes, trials, index + 1));
}

/** The benchmark's pass^1 … pass^k: the mean over tasks of each task's curve (every task has k trials). */
export function meanPassHatCurve(tasks: readonly { passes: number; trials: number }[], k: number): number[] {
  if (tasks.length === 0) return Array.from({ length: k }, () => 0);
  const curves = tasks.map(({ passes, trials }) => passHatCurve(passes, trials, k));
  return Array.from(
    { length: k },
    (_, index) => curves.reduce((sum, curve) => sum + (curve[index] ?? 0), 0) / tasks.length,
  );
}
