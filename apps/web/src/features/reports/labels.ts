import { REPORT_MIN_YEAR, type TReportUserType } from '@atrium/contract';

export const REPORT_NOTICE = 'Have patience, this may take sometime to generate report.';

export const USER_TYPE_LABELS: Record<TReportUserType, string> = {
  all: 'Everyone',
  learner: 'Learners',
  trainer: 'Trainers',
  admin: 'Admins',
};

/** The last ten years, newest first, plus a chosen older one (a shared link's). */
export function yearChoices(chosen: number | undefined, now = new Date()): number[] {
  const current = now.getUTCFullYear();
  const years: number[] = [];
  for (let y = current; y > current - 10 && y >= REPORT_MIN_YEAR; y -= 1) years.push(y);
  if (chosen !== undefined && !years.includes(chosen)) years.push(chosen);
  return years.sort((a, b) => b - a);
}
