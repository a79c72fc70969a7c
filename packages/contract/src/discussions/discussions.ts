import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';
import { ZModerationState } from '../moderation/moderation.ts';
import { zForumSlug } from './forums.ts';

/**
 * Discussions (spec §2 /discussions, /discussions/{id}; §7 /api/discussions/): typed topics in
 * the organisation or in a course, a learning path or a classroom class; rich-text answers
 * threaded one level deep; likes and dislikes, views counted once per user and day, an accepted
 * answer for questions; pin, lock and close; following. A course's discussion (§7
 * course-discussion-*) is the same model scoped to the course.
 */

export const DISCUSSION_SCOPES = ['organisation', 'course', 'path', 'class'] as const;
export type TDiscussionScope = (typeof DISCUSSION_SCOPES)[number];

/**
 * What a type means: a question may have one accepted answer; an idea and a general topic may
 * not. Types are per organisation (admins name their own); every organisation starts with one of
 * each kind.
 */
export const DISCUSSION_KINDS = ['question', 'idea', 'general'] as const;
export type TDiscussionKind = (typeof DISCUSSION_KINDS)[number];

/** Most files a topic carries; each at most DISCUSSION_FILE_MAX_BYTES (pdf, images, office, txt, zip). */
export const DISCUSSION_MAX_FILES = 5;
/** What a topic may carry (the server also checks each file's bytes). */
export const DISCUSSION_FILE_TYPES = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'txt',
  'zip',
] as const;
export const DISCUSSION_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const DISCUSSION_TITLE_MAX = 200;
/** Rich text before sanitising; images travel as uploaded links, never inline data. */
export const DISCUSSION_BODY_MAX = 50_000;

const blankToUndefined = (v: unknown) => (v === '' || v === 'null' ? undefined : v);
const boolParam = (v: unknown) =>
  v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v;

const title = plainText()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(DISCUSSION_TITLE_MAX, `At most ${DISCUSSION_TITLE_MAX} characters.`);
/** Rich text, sanitised on the server; blank after sanitising is refused there too. */
const body = z
  .string()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(DISCUSSION_BODY_MAX, 'The text is too long.');

// ── Types (discussion_type/) ───────────────────────────────────────────
export const ZDiscussionType = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(DISCUSSION_KINDS),
  /** Topics of this type; a type in use cannot be deleted (409), only renamed. */
  topic_count: z.number().int(),
});
export type TDiscussionType = z.infer<typeof ZDiscussionType>;
export const ZDiscussionTypeList = z.array(ZDiscussionType);
export const ZDiscussionTypeInput = z.strictObject({
  name: plainText().trim().min(1, 'This field may not be blank.').max(60),
  kind: z.enum(DISCUSSION_KINDS, 'Choose question, idea or general.'),
});
export type TDiscussionTypeInput = z.infer<typeof ZDiscussionTypeInput>;
export const ZDiscussionTypeUpdate = ZDiscussionTypeInput.partial();

// ── Topics ─────────────────────────────────────────────────────────────
/**
 * Where a topic lives. organisation: every member of the organisation; course: its enrolled
 * learners and managers; path: its learners and managers; class: its booked learners and
 * trainers. scope_id names the course, path or class (required for those, absent for the
 * organisation).
 */
const scopeFields = {
  scope: z
    .enum(DISCUSSION_SCOPES, 'Choose organisation, course, path or class.')
    .default('organisation'),
  scope_id: z.preprocess(blankToUndefined, zIdParam.optional()),
};
const scopeRule = (v: { scope: TDiscussionScope; scope_id?: number | undefined }) =>
  v.scope === 'organisation' ? v.scope_id === undefined : v.scope_id !== undefined;
const scopeMessage = {
  message: 'Name the course, path or class (and none for the organisation).',
  path: ['scope_id'],
};

/**
 * POST /api/discussions/ (multipart, spec §7; JSON also accepted): the text fields. Files ride
 * along as `files` (up to DISCUSSION_MAX_FILES).
 */
export const ZDiscussionCreate = z
  .strictObject({
    type: zIdParam,
    title,
    body,
    ...scopeFields,
    /**
     * Start it as a thread of this forum (by slug). The thread then lives where the forum does:
     * scope and scope_id are taken from the forum and any sent are ignored.
     */
    forum: z.preprocess(blankToUndefined, zForumSlug.optional()),
  })
  .refine((v) => v.forum !== undefined || scopeRule(v), scopeMessage);
export type TDiscussionCreate = z.infer<typeof ZDiscussionCreate>;

/**
 * PATCH /api/discussions/{id}/: the author edits type, title and body (not while locked);
 * moderators (admins, the scope's managers) also pin, lock and close; the author may close and
 * reopen their own topic.
 */
export const ZDiscussionUpdate = z
  .strictObject({
    type: zId,
    title,
    body,
    pinned: z.boolean(),
    locked: z.boolean(),
    closed: z.boolean(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.' });
export type TDiscussionUpdate = z.infer<typeof ZDiscussionUpdate>;

export const ZDiscussionPerson = z.object({
  id: z.number().int(),
  fullname: z.string(),
  /** Profile photo URL, or null. */
  image: z.string().nullable(),
});
export type TDiscussionPerson = z.infer<typeof ZDiscussionPerson>;

export const ZDiscussionAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  /** Downloads as an attachment (never rendered on the app's origin). */
  url: z.string(),
});
export type TDiscussionAttachment = z.infer<typeof ZDiscussionAttachment>;

export const ZReactionCounts = z.object({
  likes: z.number().int(),
  dislikes: z.number().int(),
  /** The caller's reaction: 1 like, -1 dislike, 0 none. */
  my_reaction: z.number().int(),
});
export type TReactionCounts = z.infer<typeof ZReactionCounts>;

export const ZAnswerAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  /** Reply under this answer (top-level answers only: threading is one level deep). */
  reply: z.boolean(),
  /** Mark it as the accepted answer (questions: their author and moderators). */
  accept: z.boolean(),
  react: z.boolean(),
});

export const ZDiscussionAnswer = ZReactionCounts.extend({
  id: z.number().int(),
  discussion: z.number().int(),
  /** The answer this one replies to; null for a top-level answer. */
  parent: z.number().int().nullable(),
  user: ZDiscussionPerson,
  /** Sanitised HTML. */
  body: z.string(),
  created_at: z.string(),
  /** Set when the text was changed after posting. */
  edited_at: z.string().nullable(),
  accepted: z.boolean(),
  /** Visible, or (shown to its author and admins only) held for review or hidden by a moderator. */
  moderation_state: ZModerationState,
  abilities: ZAnswerAbilities,
});
export type TDiscussionAnswer = z.infer<typeof ZDiscussionAnswer>;

/** A top-level answer with its replies (oldest first; one level deep). */
export const ZDiscussionAnswerThread = ZDiscussionAnswer.extend({
  replies: z.array(ZDiscussionAnswer),
});
export type TDiscussionAnswerThread = z.infer<typeof ZDiscussionAnswerThread>;

export const ZDiscussionAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  /** Post an answer now (not closed or locked, unless a moderator). */
  answer: z.boolean(),
  react: z.boolean(),
  follow: z.boolean(),
  /** Pin, lock and close (admins and the scope's managers). */
  moderate: z.boolean(),
  /** Close or reopen (the author, and moderators). */
  close: z.boolean(),
  /** Accept an answer (questions: the author and moderators). */
  accept: z.boolean(),
});
export type TDiscussionAbilities = z.infer<typeof ZDiscussionAbilities>;

/** A topic in lists: no body (an excerpt), no attachments. */
export const ZDiscussionSummary = ZReactionCounts.extend({
  id: z.number().int(),
  type: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(DISCUSSION_KINDS) }),
  scope: z.enum(DISCUSSION_SCOPES),
  /** The course, path or class it belongs to; null for the organisation. */
  scope_ref: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The forum it is a thread of; null for a topic outside forums. */
  forum: z.object({ slug: z.string(), name: z.string() }).nullable(),
  title: z.string(),
  /** The body as plain text, cut to about 200 characters. */
  excerpt: z.string(),
  user: ZDiscussionPerson,
  created_at: z.string(),
  last_activity_at: z.string(),
  pinned: z.boolean(),
  locked: z.boolean(),
  closed: z.boolean(),
  /** The accepted answer's id (questions only), or null. */
  accepted_answer: z.number().int().nullable(),
  answer_count: z.number().int(),
  view_count: z.number().int(),
  following: z.boolean(),
  attachment_count: z.number().int(),
  /** Visible, or (shown to its author and admins only) held for review or hidden by a moderator. */
  moderation_state: ZModerationState,
});
export type TDiscussionSummary = z.infer<typeof ZDiscussionSummary>;
export const ZDiscussionPage = zPage(ZDiscussionSummary);

export const ZDiscussion = ZDiscussionSummary.extend({
  /** Sanitised HTML. */
  body: z.string(),
  edited_at: z.string().nullable(),
  attachments: z.array(ZDiscussionAttachment),
  /** The accepted answer in full, shown above the others; null when none. */
  accepted: ZDiscussionAnswer.nullable(),
  abilities: ZDiscussionAbilities,
});
export type TDiscussion = z.infer<typeof ZDiscussion>;

export const DISCUSSION_FILTERS = ['all', 'unanswered', 'mine', 'following'] as const;
export const DISCUSSION_ORDERINGS = ['activity', 'newest', 'top'] as const;

/**
 * GET /api/discussions/: what the caller may read, pinned first, then by ordering (activity:
 * last answer; newest: created; top: likes minus dislikes). unanswered: no answers yet (for
 * questions: none accepted either); mine: the caller started it; following: the caller follows.
 */
export const ZDiscussionQuery = ZPageQuery.extend({
  search: plainText().trim().max(100).optional(),
  type: z.preprocess(blankToUndefined, zIdParam.optional()),
  scope: z.preprocess(blankToUndefined, z.enum(DISCUSSION_SCOPES).optional()),
  /** With scope course, path or class: that one only. */
  scope_id: z.preprocess(blankToUndefined, zIdParam.optional()),
  filter: z.preprocess(blankToUndefined, z.enum(DISCUSSION_FILTERS).default('all')),
  ordering: z.preprocess(blankToUndefined, z.enum(DISCUSSION_ORDERINGS).default('activity')),
  pinned: z.preprocess(boolParam, z.boolean()).optional(),
  /** One forum's threads (404 when the caller cannot read it). */
  forum: z.preprocess(blankToUndefined, zForumSlug.optional()),
});
export type TDiscussionQuery = z.infer<typeof ZDiscussionQuery>;

// ── Answers (answear/) ─────────────────────────────────────────────────
/** POST /api/discussions/answear/ (spec §7's spelling): answer a topic, or reply to an answer. */
export const ZDiscussionAnswerCreate = z.strictObject({
  discussion: zId,
  /** A top-level answer of the same topic to reply to. */
  parent: zId.nullable().default(null),
  body,
});
export type TDiscussionAnswerCreate = z.infer<typeof ZDiscussionAnswerCreate>;
export const ZDiscussionAnswerUpdate = z.strictObject({ body });

/** GET /api/discussions/{id}/answers/: top-level answers oldest first, each with its replies. */
export const ZDiscussionAnswerPage = zPage(ZDiscussionAnswerThread);

// ── Reactions, views, acceptance, following ────────────────────────────
/** like-dislike/: on a topic or an answer (exactly one); 1 like, -1 dislike, 0 clears. */
export const ZDiscussionReaction = z
  .strictObject({
    discussion: zId.optional(),
    answer: zId.optional(),
    value: z.union([z.literal(1), z.literal(-1), z.literal(0)], 'Send 1, -1 or 0.'),
  })
  .refine((v) => (v.discussion === undefined) !== (v.answer === undefined), {
    message: 'Name either the discussion or the answer.',
    path: ['discussion'],
  });
export type TDiscussionReaction = z.infer<typeof ZDiscussionReaction>;

/** views/: counts the caller once per day. */
export const ZDiscussionView = z.strictObject({ discussion: zId });
export const ZDiscussionViewResult = z.object({ view_count: z.number().int() });

/** accept/: the accepted answer, or null to take it back. */
export const ZDiscussionAccept = z.strictObject({ answer: zId.nullable() });

/** follow/: start (true) or stop (false) following; new answers notify followers. */
export const ZDiscussionFollow = z.strictObject({ following: z.boolean() });
export const ZDiscussionFollowResult = z.object({ following: z.boolean() });

/** What can hold discussions for the caller (the composer's scope picker). */
export const ZDiscussionScopeOption = z.object({
  scope: z.enum(DISCUSSION_SCOPES),
  id: z.number().int().nullable(),
  name: z.string(),
});
export const ZDiscussionScopeOptions = z.array(ZDiscussionScopeOption);
export type TDiscussionScopeOption = z.infer<typeof ZDiscussionScopeOption>;

/**
 * The realtime hint sent when a topic changes (answers, reactions, acceptance, state), to its
 * followers and to whoever opened it in the last DISCUSSION_WATCH_MINUTES: data
 * `{ discussion: id }`. The web refetches what it shows of that topic.
 */
export const DISCUSSION_UPDATED = 'discussion.updated';
export const DISCUSSION_WATCH_MINUTES = 30;
