import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';

/**
 * Gamification (issue 21, part 1; spec §2 /leaderboard, §7 /api/gamification/): points from
 * domain events by rules an admin edits, levels by point ranges, leaderboards all time and per
 * month. Badges, certificates and competencies come later and hang on `points.awarded`.
 */

/** The rules that award points, one per kind of achievement. */
export const POINT_RULES = [
  'course_completed',
  'module_file_completed',
  /** Points × the attempt's score % / 100, rounded. */
  'assessment_passed',
  'learning_path_completed',
  'session_attended',
  /** To the accepted answer's author. */
  'discussion_answer_accepted',
  'daily_sign_in',
] as const;
export const ZPointRuleKey = z.enum(POINT_RULES);
export type TPointRuleKey = z.infer<typeof ZPointRuleKey>;

export const MAX_RULE_POINTS = 10_000;
/** A week: longer cool-downs are a rule switched off in disguise. */
export const MAX_COOLDOWN_MINUTES = 10_080;
export const MAX_DAILY_CAP = 1_000;

export const ZPointRule = z.object({
  rule: ZPointRuleKey,
  points: z.number().int(),
  enabled: z.boolean(),
  /** Minutes that must pass between two awards of the rule to one person (0: none). */
  cooldown_minutes: z.number().int(),
  /** Awards of the rule per person per UTC day; null: no cap. */
  daily_cap: z.number().int().nullable(),
  /** False while the organisation uses Atrium's default for this rule. */
  customised: z.boolean(),
});
export type TPointRule = z.infer<typeof ZPointRule>;
export const ZPointRuleList = z.object({ results: z.array(ZPointRule) });
export type TPointRuleList = z.infer<typeof ZPointRuleList>;

export const ZPointRuleInput = z.strictObject({
  rule: ZPointRuleKey,
  points: z.number().int().min(0).max(MAX_RULE_POINTS),
  enabled: z.boolean(),
  cooldown_minutes: z.number().int().min(0).max(MAX_COOLDOWN_MINUTES),
  daily_cap: z.number().int().min(1).max(MAX_DAILY_CAP).nullable(),
});
export type TPointRuleInput = z.infer<typeof ZPointRuleInput>;
/** PUT point-rules/: the rules given are saved together (the others keep their values). */
export const ZPointRulesUpdate = z.strictObject({
  rules: z
    .array(ZPointRuleInput)
    .min(1)
    .max(POINT_RULES.length)
    .refine((rules) => new Set(rules.map((r) => r.rule)).size === rules.length, {
      message: 'Each rule may appear once.',
    }),
});
export type TPointRulesUpdate = z.infer<typeof ZPointRulesUpdate>;

/** A level (spec §7 user-badge-range-list): a named point range with its colour and image. */
export const ZLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  min_points: z.number().int(),
  /** The next level's min_points - 1; null for the top level. */
  max_points: z.number().int().nullable(),
  color: z.string(),
  image: z.object({ uuid: z.string(), url: z.string() }).nullable(),
});
export type TLevel = z.infer<typeof ZLevel>;
export const ZLevelList = z.object({ results: z.array(ZLevel) });
export type TLevelList = z.infer<typeof ZLevelList>;

export const MAX_LEVEL_POINTS = 100_000_000;
const levelName = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(60, 'At most 60 characters.')
  .refine((s) => !/[<>]/.test(s), 'Plain text only.');
const levelColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour as #rrggbb.')
  .transform((s) => s.toLowerCase());
const levelImage = z.uuid({ message: 'Not an image address.' }).nullable();

export const ZLevelCreate = z.strictObject({
  name: levelName,
  min_points: z.number().int().min(0).max(MAX_LEVEL_POINTS),
  color: levelColor,
  /** An image of the organisation's image store (POST /api/images/), or none. */
  image: levelImage.default(null),
});
export type TLevelCreate = z.infer<typeof ZLevelCreate>;
export const ZLevelUpdate = z.strictObject({
  name: levelName.optional(),
  min_points: z.number().int().min(0).max(MAX_LEVEL_POINTS).optional(),
  color: levelColor.optional(),
  image: levelImage.optional(),
});
export type TLevelUpdate = z.infer<typeof ZLevelUpdate>;

/** A level as the lists show it beside a person. */
export const ZLevelRef = z.object({
  id: z.number().int(),
  name: z.string(),
  min_points: z.number().int(),
  color: z.string(),
  image_url: z.string().nullable(),
});
export type TLevelRef = z.infer<typeof ZLevelRef>;

/** Someone on a board; null fields for an anonymous (opted-out) person seen by others. */
export const ZBoardPerson = z.object({
  id: z.number().int().nullable(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  anonymous: z.boolean(),
});

export const LEADERBOARD_PERIODS = ['all', 'month'] as const;
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM.');

export const ZLeaderboardQuery = ZPageQuery.extend({
  /** Members read their own organisation's board; a superadmin any. */
  org_id: zIdParam.optional(),
  period: z.enum(LEADERBOARD_PERIODS).default('all'),
  /** For period=month; the current UTC month when absent. */
  month: month.optional(),
  department: zIdParam.optional(),
});
export type TLeaderboardQuery = z.input<typeof ZLeaderboardQuery>;

export const ZLeaderboardEntry = z.object({
  /** 1 + how many have more points: ties share a rank. */
  rank: z.number().int(),
  person: ZBoardPerson,
  points: z.number().int(),
  level: ZLevelRef.nullable(),
  is_me: z.boolean(),
});
export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntry>;

export const ZLeaderboard = zPage(ZLeaderboardEntry).extend({
  period: z.enum(LEADERBOARD_PERIODS),
  /** YYYY-MM for a monthly board, else null. */
  month: z.string().nullable(),
  organisation_id: z.number().int(),
  /** The caller on this board, even outside the page: rank null with no points yet. */
  me: z.object({
    rank: z.number().int().nullable(),
    points: z.number().int(),
    level: ZLevelRef.nullable(),
    listed: z.boolean(),
  }),
});
export type TLeaderboard = z.infer<typeof ZLeaderboard>;

export const ZGamificationSettings = z.object({
  /** False: others see the person as "Anonymous learner" on the boards. */
  listed: z.boolean(),
});
export type TGamificationSettings = z.infer<typeof ZGamificationSettings>;
export const ZGamificationSettingsUpdate = z.strictObject({ listed: z.boolean() });

export const ZUserPointQuery = ZPageQuery.extend({
  query: z.string().trim().max(100).optional(),
});
export const ZUserPointRow = z.object({
  user: z.object({
    id: z.number().int(),
    fullname: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
  }),
  points: z.number().int(),
  month_points: z.number().int(),
  level: ZLevelRef.nullable(),
});
export type TUserPointRow = z.infer<typeof ZUserPointRow>;
export const ZUserPointPage = zPage(ZUserPointRow);

export const ZUserDetailQuery = ZPageQuery.extend({ org_id: zIdParam.optional() });
export const ZPointEntry = z.object({
  id: z.number().int(),
  rule: ZPointRuleKey,
  /** What earned it (`course:7`, `2026-12-06` for a day's sign-in). */
  source: z.string(),
  points: z.number().int(),
  created_at: z.string(),
});
export type TPointEntry = z.infer<typeof ZPointEntry>;
export const ZUserPointDetail = z.object({
  user: z.object({ id: z.number().int(), fullname: z.string(), avatar: z.string().nullable() }),
  organisation_id: z.number().int(),
  points: z.number().int(),
  month_points: z.number().int(),
  /** All-time rank in the organisation; null with no points. */
  rank: z.number().int().nullable(),
  level: ZLevelRef.nullable(),
  next_level: z.object({ name: z.string(), min_points: z.number().int() }).nullable(),
  /** The last 12 UTC months, oldest first, zeros included. */
  monthly: z.array(z.object({ month: z.string(), points: z.number().int() })),
  ledger: zPage(ZPointEntry),
});
export type TUserPointDetail = z.infer<typeof ZUserPointDetail>;

export const ZOrganisationPointRow = z.object({
  id: z.number().int(),
  title: z.string(),
  points: z.number().int(),
  /** People with points in the organisation. */
  people: z.number().int(),
});
export const ZOrganisationPointPage = zPage(ZOrganisationPointRow);
