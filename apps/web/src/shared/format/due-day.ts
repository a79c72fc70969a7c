/*
 * A due date is picked as a day (a date input) and kept by the server as an instant: the end of
 * that day in the user's own time zone, so "due on the 3rd" means all of the 3rd where they are.
 */

/** A date input's day (YYYY-MM-DD) as the instant the server stores: 23:59:59 local time. */
export function dueDayToIso(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 23, 59, 59).toISOString();
}

/** The server's datetime as a date input's day (local time); '' for none or a bad value. */
export function isoToDueDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
