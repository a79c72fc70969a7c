/**
 * Star ratings: the server gives the average over every review (or null without any); the page
 * shows it to one decimal and as stars rounded to the nearest half.
 */
export function roundToHalf(value: number): number {
  return Math.round(Math.min(5, Math.max(0, value)) * 2) / 2;
}

export function ratingLabel(average: number | null, count: number): string {
  if (average === null || count === 0) return 'No reviews yet';
  const reviews = `${count} review${count === 1 ? '' : 's'}`;
  return `${average.toFixed(1)} out of 5 (${reviews})`;
}
