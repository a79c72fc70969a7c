import type { TLicence } from '@atrium/contract';

export interface SeatUsage {
  /** Whole percent of seats in use (spec §9), null without a seat limit. */
  percent: number | null;
  tone: 'success' | 'warning' | 'error' | 'info';
  label: string;
}

/** From this share of seats in use on, the bar warns that seats are running out. */
export const WARN_AT_PERCENT = 80;

/** How full an organisation's licence is, in a form the bars and labels can show. */
export function seatUsage({ seats, used }: Pick<TLicence, 'seats' | 'used'>): SeatUsage {
  if (seats === null) return { percent: null, tone: 'info', label: `${used} used · no seat limit` };
  if (seats === 0) {
    return { percent: 100, tone: used > 0 ? 'error' : 'warning', label: `${used} of 0 seats used` };
  }
  const percent = Math.min(100, Math.round((used / seats) * 100));
  const tone = used >= seats ? 'error' : percent >= WARN_AT_PERCENT ? 'warning' : 'success';
  return { percent, tone, label: `${used} of ${seats} seats used` };
}
