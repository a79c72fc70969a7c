import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';
import { ROLE } from '../users/roles.ts';

/**
 * Announcements (spec §2 /announcements, /announcements/{id}/; §7 POST /api/announcements/,
 * DELETE /api/announcements/{id}/): rich text an organisation's admins and trainers send to an
 * audience, now or at a time, until an expiry, optionally pinned and "must acknowledge" with a
 * report of who did. Delivered in-app and by e-mail through the notification centre when they
 * go out; each reader's list shows the unread first.
 */

export const ANNOUNCEMENT_STATES = ['scheduled', 'published', 'expired'] as const;
export type TAnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

/** An instant (ISO 8601 with its offset), within years the database and calendars agree on. */
const instant = z.iso
  .datetime({ offset: true, error: 'Enter a date and time such as 2026-07-01T09:00:00Z.' })
  .refine((v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 1970 && year <= 2999;
  }, 'Enter a date between 1970 and 2999.');

const blankToNull = (v: unknown) => (v === '' || v === 'null' ? null : v);

/** Roles an audience may name (a superadmin is no member to reach). */
const AUDIENCE_ROLES = [ROLE.ADMIN, ROLE.TRAINER, ROLE.LEARNER, ROLE.HIRING_MANAGER] as const;

/**
 * Who it is for. null: the whole organisation. Otherwise members matching any of the
 * departments, designations or roles, and the learners of a course (enrolled) or of a classroom
 * class (booked or attended); at least one of them.
 */
export const ZAnnouncementAudience = z
  .strictObject({
    departments: z.array(zId).max(500).default([]),
    designations: z.array(zId).max(500).default([]),
    roles: z
      .array(
        z
          .number()
          .int()
          .refine((r) => (AUDIENCE_ROLES as readonly number[]).includes(r), 'Choose a valid role.'),
      )
      .max(4)
      .default([]),
    course: zId.nullable().default(null),
    class: zId.nullable().default(null),
  })
  .refine(
    (a) =>
      a.departments.length + a.designations.length + a.roles.length > 0 ||
      a.course !== null ||
      a.class !== null,
    { message: 'Choose who it is for, or send it to the whole organisation.' },
  );
export type TAnnouncementAudience = z.infer<typeof ZAnnouncementAudience>;

const fields = {
  title: plainText().trim().min(1, 'This field may not be blank.').max(200),
  /** Rich text, sanitised on the server. */
  body: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(100_000, 'The text is too long.'),
  /** null: the whole organisation. */
  audience: ZAnnouncementAudience.nullable(),
  /** When it goes out; null or a past time: now. */
  publish_at: z.preprocess(blankToNull, instant.nullable()),
  /** When it stops showing; null: never. After publish_at. */
  expires_at: z.preprocess(blankToNull, instant.nullable()),
  pinned: z.boolean(),
  /** Readers confirm they read it; the report lists who did and who did not. */
  must_acknowledge: z.boolean(),
  /** Also by e-mail (in-app always), through each reader's notification preferences. */
  send_email: z.boolean(),
};

function checkTimes(
  a: { publish_at?: string | null; expires_at?: string | null },
  ctx: z.RefinementCtx,
) {
  if (!a.expires_at) return;
  const start = a.publish_at ? Date.parse(a.publish_at) : Date.now();
  if (Date.parse(a.expires_at) <= start)
    ctx.addIssue({
      code: 'custom',
      path: ['expires_at'],
      message: 'The expiry must be after it goes out.',
    });
}

export const ZAnnouncementInput = z
  .strictObject({
    ...fields,
    audience: fields.audience.default(null),
    publish_at: fields.publish_at.default(null),
    expires_at: fields.expires_at.default(null),
    pinned: fields.pinned.default(false),
    must_acknowledge: fields.must_acknowledge.default(false),
    send_email: fields.send_email.default(true),
  })
  .superRefine(checkTimes);
export type TAnnouncementInput = z.infer<typeof ZAnnouncementInput>;

/**
 * A change. Once it has gone out its audience and publish time are fixed (readers were told):
 * 409; the text, expiry, pin and acknowledgement can still change.
 */
export const ZAnnouncementUpdate = z
  .strictObject({
    title: fields.title.optional(),
    body: fields.body.optional(),
    audience: fields.audience.optional(),
    publish_at: fields.publish_at.optional(),
    expires_at: fields.expires_at.optional(),
    pinned: fields.pinned.optional(),
    must_acknowledge: fields.must_acknowledge.optional(),
    send_email: fields.send_email.optional(),
  })
  .superRefine(checkTimes);
export type TAnnouncementUpdate = z.infer<typeof ZAnnouncementUpdate>;

export const ZAnnouncementAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  /** See the acknowledgement report (and the audience's reading figures). */
  report: z.boolean(),
  /** Acknowledge it now (must_acknowledge, in the audience, not yet done). */
  acknowledge: z.boolean(),
});
export type TAnnouncementAbilities = z.infer<typeof ZAnnouncementAbilities>;

export const ZAnnouncement = z.object({
  id: z.number().int(),
  organisation: z.number().int(),
  title: z.string(),
  /** Sanitised rich text. */
  body: z.string(),
  audience: z
    .object({
      departments: z.array(z.number().int()),
      designations: z.array(z.number().int()),
      /** The names of `departments` and `designations`, in their order (readers may not list them). */
      department_names: z.array(z.string()),
      designation_names: z.array(z.string()),
      roles: z.array(z.number().int()),
      course: z.object({ id: z.number().int(), title: z.string() }).nullable(),
      class: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    })
    .nullable(),
  publish_at: z.string(),
  expires_at: z.string().nullable(),
  state: z.enum(ANNOUNCEMENT_STATES),
  pinned: z.boolean(),
  must_acknowledge: z.boolean(),
  send_email: z.boolean(),
  author: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller is in its audience (a manager outside it only manages it: no reading to do). */
  reader: z.boolean(),
  /** The caller's own reading: when they opened it and acknowledged it (null: not yet). */
  read_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  /** For those who may see the report: the audience's size and how many read and acknowledged. */
  stats: z
    .object({ audience: z.number().int(), read: z.number().int(), acknowledged: z.number().int() })
    .nullable(),
  abilities: ZAnnouncementAbilities,
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;
export const ZAnnouncementPage = zPage(ZAnnouncement);

export const ANNOUNCEMENT_SCOPES = ['inbox', 'manage'] as const;
export const ZAnnouncementQuery = ZPageQuery.extend({
  /**
   * inbox: what the caller may read now (published, not expired, in the audience): pinned, then
   * unread, then newest. manage: the organisation's announcements the caller may change
   * (admins: all; trainers: their own), scheduled and expired included, newest first.
   */
  scope: z.enum(ANNOUNCEMENT_SCOPES).default('inbox'),
  state: z.enum(ANNOUNCEMENT_STATES).optional(),
  unread: z
    .preprocess(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean(),
    )
    .optional(),
  search: plainText().trim().max(100).optional(),
});
export type TAnnouncementQuery = z.infer<typeof ZAnnouncementQuery>;

export const ZAnnouncementUnread = z.object({
  unread: z.number().int(),
  to_acknowledge: z.number().int(),
});

export const ACKNOWLEDGEMENT_FILTERS = ['all', 'acknowledged', 'pending'] as const;
export const ZAcknowledgementQuery = ZPageQuery.extend({
  status: z.enum(ACKNOWLEDGEMENT_FILTERS).default('all'),
  search: plainText().trim().max(100).optional(),
});
export type TAcknowledgementQuery = z.infer<typeof ZAcknowledgementQuery>;

/** One member of the audience in the acknowledgement report. */
export const ZAcknowledgement = z.object({
  user: z.object({
    id: z.number().int(),
    fullname: z.string(),
    email: z.string(),
    department: z.string().nullable(),
  }),
  read_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
});
export type TAcknowledgement = z.infer<typeof ZAcknowledgement>;
export const ZAcknowledgementPage = zPage(ZAcknowledgement);

export const ZAnnouncementIdParams = z.object({ id: zIdParam });
