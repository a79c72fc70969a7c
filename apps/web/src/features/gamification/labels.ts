import type { TPointRuleKey } from '@atrium/contract';

/** What earned the points, as the ledger names each rule. */
export const RULE_LABEL: Record<TPointRuleKey, string> = {
  course_completed: 'Course completed',
  module_file_completed: 'Lesson completed',
  assessment_passed: 'Assessment passed',
  learning_path_completed: 'Learning path completed',
  session_attended: 'Session attended',
  discussion_answer_accepted: 'Answer accepted',
  daily_sign_in: 'Daily sign-in',
};

export const GAMIFICATION_MESSAGES = {
  boardFailed: 'The leaderboard could not be loaded.',
  detailFailed: 'These points could not be loaded.',
  notFound:
    'These points were not found, or they are not yours to see: a person’s points are open to them and the admins of their organisation.',
};

export const leaderboardUrl = (id?: number) =>
  id === undefined ? '/leaderboard' : `/leaderboard/${id}`;

/** "2026-02" as "Feb 2026" (tick) or "February 2026". */
export function monthLabel(month: string, style: 'short' | 'long' = 'long'): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString(undefined, {
    month: style,
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const formatPoints = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'point' : 'points'}`;

/** An ISO time as a day ("6 Dec 2026"). */
export const dayLabel = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
