/** Spec §9: counts cap at 99, shown as '99+'. */
export const BADGE_COUNT_CAP = 99;

/** The text of a count badge; null when there is nothing to show. */
export function badgeCount(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_COUNT_CAP ? `${BADGE_COUNT_CAP}+` : String(Math.floor(count));
}
