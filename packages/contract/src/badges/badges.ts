import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Badges (issue 21; spec §7 Gamification add-badge, update-badge/{id}, user-badge-list): an
 * organisation's badges with an image, criteria that award them automatically (all must hold)
 * or none ("manual only"), and the awards, each once per badge and person.
 */

/** The badge image as uploaded: sniffed by its bytes, re-encoded to a BADGE_IMAGE_SIDE PNG. */
export const BADGE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const BADGE_IMAGE_SIDE = 256;
/** Items per criterion list (courses, paths, assessments, badges). */
export const MAX_BADGE_CRITERIA_ITEMS = 50;
export const MAX_BADGE_POINTS = 100_000_000;
/** People awarded by hand in one request. */
export const MAX_MANUAL_AWARDS = 100;

const ids = z
  .array(zId)
  .max(MAX_BADGE_CRITERIA_ITEMS, `At most ${MAX_BADGE_CRITERIA_ITEMS} items.`)
  .default([])
  .transform((list) => [...new Set(list)]);

/** What a person must have done, all of it; `manual_only`: nothing, admins award it by hand. */
export const ZBadgeCriteria = z
  .strictObject({
    manual_only: z.boolean().default(false),
    courses: ids,
    learning_paths: ids,
    assessments: ids,
    /** Reached at least this many points (all time, in the badge's organisation). */
    points: z.number().int().min(1).max(MAX_BADGE_POINTS).nullable().default(null),
    badges: ids,
  })
  .superRefine((c, ctx) => {
    const any =
      c.courses.length + c.learning_paths.length + c.assessments.length + c.badges.length > 0 ||
      c.points !== null;
    if (c.manual_only && any)
      ctx.addIssue({ code: 'custom', message: 'A manual-only badge has no criteria.' });
    if (!c.manual_only && !any)
      ctx.addIssue({
        code: 'custom',
        message: 'Choose at least one criterion, or make the badge manual only.',
      });
  });
export type TBadgeCriteria = z.infer<typeof ZBadgeCriteria>;

/** The criteria as responses carry them (no defaults nor transforms: responses are encoded). */
export const ZBadgeCriteriaOut = z.object({
  manual_only: z.boolean(),
  courses: z.array(z.number().int()),
  learning_paths: z.array(z.number().int()),
  assessments: z.array(z.number().int()),
  points: z.number().int().nullable(),
  badges: z.array(z.number().int()),
});
export type TBadgeCriteriaInput = z.input<typeof ZBadgeCriteria>;

/** A form field that may arrive as JSON text (multipart) or as the value itself (JSON body). */
const jsonField = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, schema);
const flag = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 'on') return true;
  if (v === 'false' || v === '0' || v === '') return false;
  return v;
}, z.boolean());

const badgeName = plainText().trim().min(1, 'Enter a name.').max(100, 'At most 100 characters.');
const badgeDescription = plainText().trim().max(1000, 'At most 1000 characters.');

/** add-badge/ POST: these fields and the `image` file part (required). */
export const ZBadgeCreate = z.strictObject({
  name: badgeName,
  description: badgeDescription.default(''),
  criteria: jsonField(ZBadgeCriteria),
  active: flag.default(true),
  post_to_wall: flag.default(false),
});
export type TBadgeCreate = z.input<typeof ZBadgeCreate>;

/** update-badge/{id}/ PATCH: any of these, and optionally a new `image` part. */
export const ZBadgeUpdate = z.strictObject({
  name: badgeName.optional(),
  description: badgeDescription.optional(),
  criteria: jsonField(ZBadgeCriteria).optional(),
  active: flag.optional(),
  post_to_wall: flag.optional(),
});
export type TBadgeUpdate = z.input<typeof ZBadgeUpdate>;

export const ZBadgeAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  /** Award by hand and revoke awards. */
  award: z.boolean(),
});

export const ZBadge = z.object({
  id: z.number().int(),
  organisation_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  criteria: ZBadgeCriteriaOut,
  /** The criteria in words, as a credential states them. */
  criteria_text: z.string(),
  active: z.boolean(),
  post_to_wall: z.boolean(),
  /** People holding it now (revoked awards not counted). */
  awarded_count: z.number().int(),
  created_at: z.string(),
  abilities: ZBadgeAbilities,
});
export type TBadge = z.infer<typeof ZBadge>;
export const ZBadgePage = zPage(ZBadge);
export type TBadgePage = z.infer<typeof ZBadgePage>;

export const ZBadgeListQuery = ZPageQuery.extend({
  query: z.string().trim().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
});

/** A badge as shown beside an award. */
export const ZBadgeRef = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
});

export const ZBadgeAward = z.object({
  id: z.number().int(),
  badge: ZBadgeRef,
  /** Null id and "Anonymous learner" for someone who opted out of the boards, seen by others. */
  person: z.object({
    id: z.number().int().nullable(),
    fullname: z.string(),
    avatar: z.string().nullable(),
    anonymous: z.boolean(),
  }),
  awarded_at: z.string(),
  manual: z.boolean(),
  /** Set once revoked (only admins list revoked awards). */
  revoked_at: z.string().nullable(),
  /** The Open Badges credential of the award, once issued. */
  credential_uuid: z.string().nullable(),
  abilities: z.object({ revoke: z.boolean() }),
});
export type TBadgeAward = z.infer<typeof ZBadgeAward>;
export const ZBadgeAwardPage = zPage(ZBadgeAward);

export const ZBadgeAwardQuery = ZPageQuery.extend({
  badge_id: zIdParam.optional(),
  /** Another organisation's awards: superadmins only. */
  org_id: zIdParam.optional(),
  /** The person's name. */
  query: z.string().trim().max(100).optional(),
  /** Admins: include revoked awards. */
  revoked: z.enum(['true', 'false']).optional(),
});

export const ZBadgeManualAward = z.strictObject({
  user_ids: z.array(zId).min(1, 'Choose someone.').max(MAX_MANUAL_AWARDS),
  reason: plainText().trim().max(500).default(''),
});
export type TBadgeManualAward = z.input<typeof ZBadgeManualAward>;
export const ZBadgeManualAwardResult = z.object({
  /** The people who got it now. */
  awarded: z.array(z.number().int()),
  /** Already holding it (or not members of the organisation). */
  skipped: z.array(z.number().int()),
});

export const ZBadgeRevoke = z.strictObject({
  reason: plainText().trim().min(1, 'Say why it is revoked.').max(500),
});

/** One person's gallery: the organisation's active badges and what they earned (even inactive). */
export const ZBadgeGalleryItem = z.object({
  badge: ZBadgeRef.extend({ criteria_text: z.string(), active: z.boolean() }),
  award: z
    .object({
      id: z.number().int(),
      awarded_at: z.string(),
      manual: z.boolean(),
      credential_uuid: z.string().nullable(),
    })
    .nullable(),
});
export type TBadgeGalleryItem = z.infer<typeof ZBadgeGalleryItem>;
export const ZBadgeGallery = z.object({
  user_id: z.number().int(),
  organisation_id: z.number().int(),
  earned: z.number().int(),
  results: z.array(ZBadgeGalleryItem),
});
export type TBadgeGallery = z.infer<typeof ZBadgeGallery>;

/** Realtime message types (data: {points, total} / {badge, name}): hints to show and refetch. */
export const POINTS_AWARDED_LIVE = 'gamification.points';
export const BADGE_AWARDED_LIVE = 'gamification.badge';
export const ZPointsLive = z.object({ points: z.number().int(), total: z.number().int() });
export const ZBadgeLive = z.object({ badge: z.number().int(), name: z.string() });
