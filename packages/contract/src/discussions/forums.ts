import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Forums (spec §7 /api/forum/, /api/forum/{slug}/, GET /api/thread/): named boards of the
 * organisation or of a course, addressed by slug. Their threads are discussions (the same topics,
 * answers, reactions and moderation) that carry the forum; what forums add is subscription: new
 * posts are mailed to the forum's subscribers once FORUM_EDIT_WINDOW_MINUTES have passed (as
 * Moodle does, so a post can still be corrected before anyone is told), at each person's
 * `forum_post` frequency (immediately, daily or weekly digest).
 */

export const FORUM_SCOPES = ['organisation', 'course'] as const;
export type TForumScope = (typeof FORUM_SCOPES)[number];

/**
 * optional: nobody is subscribed until they choose to; auto: everyone who may read it is
 * subscribed until they unsubscribe; forced: everyone who may read it is subscribed and cannot
 * leave; off: nobody is subscribed (followers of a thread are still told of its answers).
 */
export const FORUM_SUBSCRIPTION_MODES = ['optional', 'auto', 'forced', 'off'] as const;
export type TForumSubscriptionMode = (typeof FORUM_SUBSCRIPTION_MODES)[number];

/** A post (a thread or an answer in one) can be edited this long before subscribers are told. */
export const FORUM_EDIT_WINDOW_MINUTES = 30;

export const FORUM_SLUG_MAX = 60;
/** Lower-case letters, digits and single hyphens; unique in the organisation. */
export const FORUM_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const blankToUndefined = (v: unknown) => (v === '' || v === 'null' ? undefined : v);

export const zForumSlug = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(FORUM_SLUG_MAX, `At most ${FORUM_SLUG_MAX} characters.`)
  .regex(FORUM_SLUG_PATTERN, 'Use lower-case letters, digits and hyphens only.');

export const ZForumSlugParams = z.object({ slug: zForumSlug });

export const ZForumAbilities = z.object({
  /** Rename, describe, change the mode (admins; the course's managers for a course forum). */
  edit: z.boolean(),
  /** Delete the forum with its threads (the same people). */
  delete: z.boolean(),
  /** Start a thread in it. */
  post: z.boolean(),
  /** Subscribe or unsubscribe (false when the mode is forced or off). */
  subscribe: z.boolean(),
});
export type TForumAbilities = z.infer<typeof ZForumAbilities>;

export const ZForum = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** Plain text. */
  description: z.string(),
  scope: z.enum(FORUM_SCOPES),
  /** The course of a course forum; null for the organisation. */
  scope_ref: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  subscription_mode: z.enum(FORUM_SUBSCRIPTION_MODES),
  /** Whether new posts reach the caller (forced: always; off: never). */
  subscribed: z.boolean(),
  /** Threads the caller may read. */
  thread_count: z.number().int(),
  /** The last thread or answer; null while empty. */
  last_activity_at: z.string().nullable(),
  created_at: z.string(),
  abilities: ZForumAbilities,
});
export type TForum = z.infer<typeof ZForum>;
export const ZForumPage = zPage(ZForum);

/** GET /api/forum/: forums the caller may read, by name; course forums of their courses. */
export const ZForumQuery = ZPageQuery.extend({
  search: plainText().trim().max(100).optional(),
  scope: z.preprocess(blankToUndefined, z.enum(FORUM_SCOPES).optional()),
  /** With scope course: that course only. */
  scope_id: z.preprocess(blankToUndefined, zIdParam.optional()),
});
export type TForumQuery = z.infer<typeof ZForumQuery>;

const name = plainText()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(120, 'At most 120 characters.');
const description = plainText().trim().max(2000, 'At most 2000 characters.');

/**
 * POST /api/forum/: admins create organisation forums; a course's managers (its trainers and
 * admins) create forums in it. Without a slug one is made from the name (made unique with a
 * number); a slug given that is taken is a 409.
 */
export const ZForumCreate = z
  .strictObject({
    name,
    slug: z.preprocess(blankToUndefined, zForumSlug.optional()),
    description: description.default(''),
    scope: z.enum(FORUM_SCOPES, 'Choose organisation or course.').default('organisation'),
    scope_id: z.preprocess(blankToUndefined, zIdParam.optional()),
    subscription_mode: z
      .enum(FORUM_SUBSCRIPTION_MODES, 'Choose optional, auto, forced or off.')
      .default('optional'),
  })
  .refine((v) => (v.scope === 'organisation') === (v.scope_id === undefined), {
    message: 'Name the course (and none for the organisation).',
    path: ['scope_id'],
  });
export type TForumCreate = z.infer<typeof ZForumCreate>;

/** PATCH /api/forum/{slug}/: the place cannot change; a new slug must be free (409). */
export const ZForumUpdate = z
  .strictObject({
    name,
    slug: zForumSlug,
    description,
    subscription_mode: z.enum(FORUM_SUBSCRIPTION_MODES, 'Choose optional, auto, forced or off.'),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.' });
export type TForumUpdate = z.infer<typeof ZForumUpdate>;

/** POST /api/forum/{slug}/subscription/: subscribe (true) or leave (false); 409 when forced or off. */
export const ZForumSubscription = z.strictObject({ subscribed: z.boolean() });
export const ZForumSubscriptionResult = z.object({ subscribed: z.boolean() });
