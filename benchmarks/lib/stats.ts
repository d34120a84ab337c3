/** Order statistics for benchmark figures. */

/** The q-quantile of xs, linear between the nearest ranks (the median of an even count is the mean of its middles): NaN for none. */
export const quantile = (xs: readonly number[], q: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const at = q * (sorted.length - 1);
  const low = sorted[Math.floor(at)] ?? NaN;
  const high = sorted[Math.ceil(at)] ?? NaN;
  // equal ranks (Infinity included: a round with no answer) need no interpolation
  return low === high ? low : low + (high - low) * (at - Math.floor(at));
};

/** The median of xs: NaN for none. */
export const median = (xs: readonly number[]): number => quantile(xs, 0.5);
