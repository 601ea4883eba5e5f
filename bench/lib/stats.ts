/** Medians with their spread: every figure of the bench is the median of several runs. */
export interface Stat {
  median: number;
  min: number;
  max: number;
  runs: number;
}

const median = (values: readonly number[]): number => {
  if (!values.length) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export const stat = (values: readonly number[]): Stat => ({
  median: median(values),
  min: values.length ? Math.min(...values) : Number.NaN,
  max: values.length ? Math.max(...values) : Number.NaN,
  runs: values.length,
});

/** Runs `fn` `runs` times one after the other and returns the values. */
export const repeat = async <T>(runs: number, fn: (i: number) => Promise<T>): Promise<T[]> => {
  const out: T[] = [];
  for (let i = 0; i < runs; i++) out.push(await fn(i));
  return out;
};

/** The `p`th percentile of values sorted ascending (NaN when there are none). */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
