import { z } from 'zod';
import { zTimeZone } from '../classrooms/sessions.ts';
import { zId } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { ZReportFormat, ZReportSource } from './report-source.ts';

/**
 * Scheduled e-mail reports (issue 22, spec §7 `crone_job_email_setting/`): a report source sent
 * on a recurrence to people and roles, each recipient getting it rendered with their own
 * visibility at send time (a learner: only their own figures), never the creator's.
 */

export const SCHEDULE_FREQUENCIES = ['daily', 'weekdays', 'weekly', 'monthly'] as const;
export type TScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

const TIME_MESSAGE = 'Enter a time as HH:MM (24-hour).';

/**
 * When a schedule sends, on the wall clock of its time zone (09:00 in Europe/London stays 09:00
 * across DST). `weekday` (0 Sunday … 6 Saturday) only for weekly, `day_of_month` only for
 * monthly: a short month sends on its last day.
 */
export const ZRecurrence = z
  .strictObject({
    frequency: z.enum(SCHEDULE_FREQUENCIES, 'Choose daily, weekdays, weekly or monthly.'),
    weekday: z
      .number('Choose a day of the week.')
      .int('Choose a day of the week.')
      .min(0, 'Choose a day of the week.')
      .max(6, 'Choose a day of the week.')
      .nullable()
      .default(null),
    day_of_month: z
      .number('Choose a day of the month.')
      .int('Choose a day of the month.')
      .min(1, 'Choose a day between 1 and 31.')
      .max(31, 'Choose a day between 1 and 31.')
      .nullable()
      .default(null),
    time: z.string(TIME_MESSAGE).regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE),
    timezone: zTimeZone,
  })
  .superRefine((r, issue) => {
    if (r.frequency === 'weekly' && r.weekday === null) {
      issue.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose a day of the week.' });
    }
    if (r.frequency === 'monthly' && r.day_of_month === null) {
      issue.addIssue({
        code: 'custom',
        path: ['day_of_month'],
        message: 'Choose a day of the month.',
      });
    }
  });
export type TRecurrence = z.infer<typeof ZRecurrence>;
export type TRecurrenceInput = z.input<typeof ZRecurrence>;

/** People and roles (role ids of the organisation: 2 admin, 3 trainer, 4 learner, 5 hiring manager). */
export const ZScheduleRecipients = z
  .strictObject({
    users: z.array(zId).max(200, 'At most 200 people.').default([]),
    roles: z
      .array(z.number().int().min(2, 'Choose a role.').max(5, 'Choose a role.'))
      .max(4)
      .default([]),
  })
  .refine((r) => r.users.length + r.roles.length > 0, {
    message: 'Choose at least one person or role.',
    path: ['users'],
  });
export type TScheduleRecipients = z.infer<typeof ZScheduleRecipients>;

const zName = z
  .string('Enter a name.')
  .trim()
  .min(1, 'Enter a name.')
  .max(120, 'At most 120 characters.');

export const ZScheduleCreate = z.strictObject({
  name: zName,
  source: ZReportSource,
  format: ZReportFormat,
  recurrence: ZRecurrence,
  recipients: ZScheduleRecipients,
  /** Off: a report with no rows is not sent (skipped, and logged as skipped). */
  send_when_empty: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type TScheduleCreate = z.infer<typeof ZScheduleCreate>;
export type TScheduleCreateInput = z.input<typeof ZScheduleCreate>;

/** Any field; a recurrence or recipients given whole replace the old ones. */
export const ZScheduleUpdate = z.strictObject({
  name: zName.optional(),
  source: ZReportSource.optional(),
  format: ZReportFormat.optional(),
  recurrence: ZRecurrence.optional(),
  recipients: ZScheduleRecipients.optional(),
  send_when_empty: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type TScheduleUpdate = z.infer<typeof ZScheduleUpdate>;
export type TScheduleUpdateInput = z.input<typeof ZScheduleUpdate>;

export const SCHEDULE_RUN_STATUSES = ['sent', 'partial', 'skipped_empty', 'failed'] as const;
export type TScheduleRunStatus = (typeof SCHEDULE_RUN_STATUSES)[number];

export const ZScheduleAbilities = z.object({ edit: z.boolean(), delete: z.boolean() });
export type TScheduleAbilities = z.infer<typeof ZScheduleAbilities>;

export const ZSchedule = z.object({
  id: z.number().int(),
  name: z.string(),
  source: ZReportSource,
  format: ZReportFormat,
  recurrence: ZRecurrence,
  recipients: z.object({ users: z.array(z.number().int()), roles: z.array(z.number().int()) }),
  /** The recipients named by id, for the form's chips. */
  recipient_users: z.array(z.object({ id: z.number().int(), name: z.string() })),
  send_when_empty: z.boolean(),
  active: z.boolean(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** `null` while inactive. */
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  last_status: z.enum(SCHEDULE_RUN_STATUSES).nullable(),
  created_at: z.string(),
  abilities: ZScheduleAbilities,
});
export type TSchedule = z.infer<typeof ZSchedule>;

export const ZSchedulePage = zPage(ZSchedule);
export type TSchedulePage = z.infer<typeof ZSchedulePage>;
export const ZScheduleQuery = ZPageQuery;
