const STEPS: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 31_536_000 },
  { unit: 'month', seconds: 2_592_000 },
  { unit: 'week', seconds: 604_800 },
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
];

/** '3 minutes ago', 'yesterday', 'just now' for a past (or slightly future) timestamp. */
export function formatRelativeTime(iso: string, now: number = Date.now(), locale?: string): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const diffSeconds = Math.round((then - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const step of STEPS) {
    if (Math.abs(diffSeconds) >= step.seconds) {
      return format.format(Math.trunc(diffSeconds / step.seconds), step.unit);
    }
  }
  return 'just now';
}
