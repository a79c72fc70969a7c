import {
  REPORT_WIDGETS,
  type TReportFormat,
  type TReportSourceInput,
  type TReportWidget,
  type TSchedule,
  type TScheduleCreateInput,
  type TScheduleFrequency,
} from '@atrium/contract';
import type { Person } from './schedule-recipients.tsx';

/** The schedule form's state, and its conversions from a schedule and to the request body. */

export const WIDGET_TITLES: Record<TReportWidget, string> = {
  'top-learner': 'Top learners',
  'user-statistic-report': 'User statistics',
  'top-course': 'Top courses',
  'user-time-spentmonthly-chart': 'Time spent per month',
  'number-of-completion-chart': 'Completions per month',
  'number-of-login-user-chart': 'Sign-ins per month',
  'course-completion': 'Course completion',
  'course-completion-trainer': 'Course completion by trainer',
  'user-status': 'User status',
  'top-user': 'Top users',
  'overall-course-statistics': 'Course statistics',
  'overall-category-statistics': 'Category statistics',
  'learners-at-risk': 'Learners at risk',
};
export const WIDGET_CHOICES = REPORT_WIDGETS.map((w) => ({ id: w, label: WIDGET_TITLES[w] }));

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
export const FREQUENCY_LABELS: Record<TScheduleFrequency, string> = {
  daily: 'Every day',
  weekdays: 'Every weekday (Monday to Friday)',
  weekly: 'Every week',
  monthly: 'Every month',
};

export interface ScheduleFormState {
  name: string;
  /** A widget, a saved report, or (kept as it was) an unsaved definition. */
  kind: 'widget' | 'saved' | 'definition';
  widget: TReportWidget;
  savedId: number | null;
  /** The source as it came (a widget's filters, a definition), kept while its kind is unchanged. */
  original: TReportSourceInput | null;
  frequency: TScheduleFrequency;
  weekday: number;
  dayOfMonth: number;
  time: string;
  timezone: string;
  users: Person[];
  roles: number[];
  format: TReportFormat;
  sendWhenEmpty: boolean;
}

/** The browser's own zone: where the person setting the time lives. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function initialState(
  schedule?: TSchedule | null,
  source?: TReportSourceInput | null,
  name?: string,
): ScheduleFormState {
  const from = schedule?.source ?? source ?? null;
  const r = schedule?.recurrence;
  return {
    name: schedule?.name ?? name ?? '',
    kind: from?.kind ?? 'widget',
    widget: from?.kind === 'widget' ? from.widget : 'user-statistic-report',
    savedId: from?.kind === 'saved' ? from.id : null,
    original: from,
    frequency: r?.frequency ?? 'weekly',
    weekday: r?.weekday ?? 1,
    dayOfMonth: r?.day_of_month ?? 1,
    time: r?.time ?? '08:00',
    timezone: r?.timezone ?? browserZone(),
    users: schedule?.recipient_users ?? [],
    roles: schedule?.recipients.roles ?? [],
    format: schedule?.format ?? 'xlsx',
    sendWhenEmpty: schedule?.send_when_empty ?? false,
  };
}

function sourceOf(s: ScheduleFormState): TReportSourceInput | null {
  const o = s.original;
  if (s.kind === 'definition') return o?.kind === 'definition' ? o : null;
  if (s.kind === 'saved') return s.savedId === null ? null : { kind: 'saved', id: s.savedId };
  // The widget's filters stay when it is the one it came with.
  const query = o?.kind === 'widget' && o.widget === s.widget ? (o.query ?? {}) : {};
  return { kind: 'widget', widget: s.widget, query };
}

/** The request body; `null` source means none is chosen (the form says so before sending). */
export function bodyOf(s: ScheduleFormState): TScheduleCreateInput | null {
  const source = sourceOf(s);
  if (!source) return null;
  return {
    name: s.name,
    source,
    format: s.format,
    recurrence: {
      frequency: s.frequency,
      weekday: s.frequency === 'weekly' ? s.weekday : null,
      day_of_month: s.frequency === 'monthly' ? s.dayOfMonth : null,
      time: s.time,
      timezone: s.timezone,
    },
    recipients: { users: s.users.map((u) => u.id), roles: s.roles },
    send_when_empty: s.sendWhenEmpty,
  };
}

/** "Every week on Monday at 08:00 (Europe/London)", for the list. */
export function describeRecurrence(r: TSchedule['recurrence']): string {
  const at = `at ${r.time} (${r.timezone})`;
  switch (r.frequency) {
    case 'daily':
      return `Every day ${at}`;
    case 'weekdays':
      return `Weekdays ${at}`;
    case 'weekly':
      return `Every ${WEEKDAYS[r.weekday ?? 1]} ${at}`;
    case 'monthly':
      return `Monthly on day ${r.day_of_month ?? 1} ${at}`;
  }
}
