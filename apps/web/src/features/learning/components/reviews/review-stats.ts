/** One bar of the rating chart: how many reviews gave `stars`, and their share in percent. */
export interface StarBar {
  stars: number;
  count: number;
  percent: number;
}

/**
 * The bars of the rating chart, 5 stars first (as review sites show them), from the server's
 * per-star counts (index 0 = 1 star). Percentages are whole numbers of the total.
 */
export function starBars(distribution: readonly number[]): StarBar[] {
  const total = distribution.reduce((sum, n) => sum + n, 0);
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = distribution[stars - 1] ?? 0;
    return { stars, count, percent: total === 0 ? 0 : Math.round((count / total) * 100) };
  });
}

/** "4.3 out of 5", or a plain sentence without reviews. */
export function averageLabel(average: number | null): string {
  return average === null ? 'No ratings yet' : `${average.toFixed(1)} out of 5`;
}

/** Names of the star values, for the rating input's hover/focus hint. */
export const STAR_LABELS: Record<number, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};
