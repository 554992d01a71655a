// The 95% Wilson score interval of a win rate, for the bots' figures.

/** The 95% Wilson score interval of `wins` successes in `games` trials. */
export function wilson95(wins: number, games: number): { low: number; high: number } {
  if (games === 0) return { low: 0, high: 1 };
  const z = 1.959964;
  const p = wins / games;
  const denominator = 1 + (z * z) / games;
  const centre = (p + (z * z) / (2 * games)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / games + (z * z) / (4 * games * games))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
