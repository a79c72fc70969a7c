/** A date as "7 Dec 2026" in the viewer's locale; '—' without one. */
export function shortDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** "1 day" / "5 days". */
export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** A rate of the reports (0–100 or null) as "42.5 %", or '—' when nobody is enrolled. */
export const percent = (rate: number | null) => (rate === null ? '—' : `${rate} %`);
