import { z } from 'zod';
import { zIdParam } from '../core/ids.ts';
import { plainText } from '../core/plain-text.ts';
import { ZCursorQuery, zCursorPage } from '../messages/messages.ts';
import { ZModerationState } from '../moderation/moderation.ts';

/**
 * The social wall (spec §2 /socialwall, §7 feed/delete/{id}): the organisation's feed of short
 * posts. Text is plain (no HTML ever); the web turns @mentions, #hashtags and links into links.
 * Images come from the image store (uploaded first, re-encoded there) by uuid. The first link
 * of a post gets a preview card the server builds from the page's Open Graph tags, fetched through
 * the outbound guard (no private, loopback or link-local address, before or after a redirect;
 * size and time limits) and cached; its image is fetched the same way, re-encoded and served by
 * Atrium, so no reader's browser ever calls the linked site.
 */

export const WALL_POST_MAX = 5_000;
export const WALL_COMMENT_MAX = 2_000;
/** Images a post may show (uploaded through /api/images/ or /api/images/multi/). */
export const WALL_MAX_IMAGES = 10;
/** Newest comments shown with a post in the feed; the rest by the comments call. */
export const WALL_PREVIEW_COMMENTS = 3;

export const WALL_REACTIONS = ['like', 'celebrate', 'love', 'insightful', 'curious'] as const;
export type TWallReaction = (typeof WALL_REACTIONS)[number];

/**
 * post: written by a person; achievement: written by Atrium for a person who allows it (profile
 * setting `share_achievements`) when they complete a course or a learning path or earn a badge.
 */
export const WALL_POST_KINDS = ['post', 'achievement'] as const;

/**
 * A mention in text is `@username`; a hashtag is `#` then letters, digits or `_` (up to 50,
 * starting with a letter), matched case-insensitively and listed lower-case.
 */
export const WALL_MENTION_PATTERN = /(^|[^\w@])@([A-Za-z0-9_.-]*[A-Za-z0-9_])/g;
export const WALL_HASHTAG_PATTERN = /(^|[^\p{L}\p{N}_&#])#(\p{L}[\p{L}\p{N}_]{0,49})/gu;
/** The first http(s) link in a post's text is the one previewed. */
export const WALL_LINK_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/i;

export const ZWallPerson = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  /** Profile photo URL, or null. */
  image: z.string().nullable(),
});
export type TWallPerson = z.infer<typeof ZWallPerson>;

export const ZWallImage = z.object({
  uuid: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TWallImage = z.infer<typeof ZWallImage>;

export const ZLinkPreview = z.object({
  /** The link as written in the post. */
  url: z.string(),
  /** og:site_name, or the host name. */
  site_name: z.string(),
  title: z.string(),
  description: z.string(),
  /** Served by Atrium (re-encoded copy of og:image); null when the page has none usable. */
  image: z.string().nullable(),
});
export type TLinkPreview = z.infer<typeof ZLinkPreview>;

export const ZWallReactionCounts = z.object({
  /** Count per reaction kind (kinds nobody used are 0). */
  counts: z.record(z.enum(WALL_REACTIONS), z.number().int()),
  total: z.number().int(),
  /** The caller's reaction, or null. */
  mine: z.enum(WALL_REACTIONS).nullable(),
});
export type TWallReactionCounts = z.infer<typeof ZWallReactionCounts>;

export const ZWallCommentAbilities = z.object({ edit: z.boolean(), delete: z.boolean() });

export const ZWallComment = z.object({
  id: z.number().int(),
  post: z.number().int(),
  user: ZWallPerson,
  /** Plain text. */
  body: z.string(),
  /** The people its @mentions name (only members of the organisation resolve). */
  mentions: z.array(ZWallPerson),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** Visible, or (shown to its author and admins only) held for review or hidden by a moderator. */
  moderation_state: ZModerationState,
  abilities: ZWallCommentAbilities,
});
export type TWallComment = z.infer<typeof ZWallComment>;

export const ZWallPostAbilities = z.object({
  /** The author. */
  edit: z.boolean(),
  /** The author and the organisation's admins (feed/delete/{id}). */
  delete: z.boolean(),
  comment: z.boolean(),
  react: z.boolean(),
});
export type TWallPostAbilities = z.infer<typeof ZWallPostAbilities>;

export const ZWallPost = z.object({
  id: z.number().int(),
  kind: z.enum(WALL_POST_KINDS),
  user: ZWallPerson,
  /** Plain text; for an achievement, Atrium's sentence ("completed the course …"). */
  body: z.string(),
  images: z.array(ZWallImage),
  /** Null while none, or while the preview is still being fetched (a live hint follows). */
  link_preview: ZLinkPreview.nullable(),
  mentions: z.array(ZWallPerson),
  /** Lower-case, without '#'. */
  hashtags: z.array(z.string()),
  /** For an achievement: what was achieved, with the link to it. */
  achievement: z
    .object({ kind: z.string(), title: z.string(), link: z.string().nullable() })
    .nullable(),
  reactions: ZWallReactionCounts,
  comment_count: z.number().int(),
  /** The newest WALL_PREVIEW_COMMENTS comments, oldest first. */
  comments: z.array(ZWallComment),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** Visible, or (shown to its author and admins only) held for review or hidden by a moderator. */
  moderation_state: ZModerationState,
  abilities: ZWallPostAbilities,
});
export type TWallPost = z.infer<typeof ZWallPost>;

/** GET /api/feed/: newest first, by cursor (infinite scroll). */
export const ZWallFeedQuery = ZCursorQuery.extend({
  /** Posts carrying this hashtag (with or without '#'). */
  hashtag: z
    .string()
    .trim()
    .max(51)
    .transform((v) => v.replace(/^#/, '').toLowerCase())
    .optional(),
  /** One person's posts. */
  user: zIdParam.optional(),
  /** Posts that mention the caller. */
  mentions_me: z
    .preprocess(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean(),
    )
    .optional(),
});
export type TWallFeedQuery = z.infer<typeof ZWallFeedQuery>;
export const ZWallFeedPage = zCursorPage(ZWallPost);

const postBody = plainText().trim().max(WALL_POST_MAX, `At most ${WALL_POST_MAX} characters.`);
const imageUuids = z
  .array(z.uuid({ message: 'Not an image address.' }))
  .max(WALL_MAX_IMAGES, `At most ${WALL_MAX_IMAGES} images.`);

/**
 * POST /api/feed/: text, images or both (an empty post is a 400 on `body`). Images are uuids from
 * the image store, uploaded by the caller in their organisation (any other is a 400 naming it).
 * Mentions notify the people named (`wall_mention`), once per post.
 */
export const ZWallPostCreate = z
  .strictObject({
    body: postBody.default(''),
    images: imageUuids.default([]),
  })
  .refine((v) => v.body.length > 0 || v.images.length > 0, {
    message: 'Write something or add an image.',
    path: ['body'],
  });
export type TWallPostCreate = z.infer<typeof ZWallPostCreate>;

/** PATCH /api/feed/{id}/: the author changes text and images; newly mentioned people are told. */
export const ZWallPostUpdate = z
  .strictObject({ body: postBody, images: imageUuids })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.' });
export type TWallPostUpdate = z.infer<typeof ZWallPostUpdate>;

const commentBody = plainText()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(WALL_COMMENT_MAX, `At most ${WALL_COMMENT_MAX} characters.`);
export const ZWallCommentCreate = z.strictObject({ body: commentBody });
export const ZWallCommentUpdate = z.strictObject({ body: commentBody });
export type TWallCommentCreate = z.infer<typeof ZWallCommentCreate>;

/** GET /api/feed/{id}/comments/: oldest first, by cursor. */
export const ZWallCommentQuery = ZCursorQuery;
export const ZWallCommentPage = zCursorPage(ZWallComment);

/** POST /api/feed/{id}/reaction/: one reaction per person and post, changeable; null clears. */
export const ZWallReact = z.strictObject({
  reaction: z.enum(WALL_REACTIONS, `Choose one of ${WALL_REACTIONS.join(', ')}.`).nullable(),
});

/** POST /api/feed/link-preview/: the composer's preview of a link (the same cache posts use). */
export const ZLinkPreviewRequest = z.strictObject({
  url: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\//i, 'Enter an http or https address.'),
});
/** null when the page could not be fetched or has nothing to show. */
export const ZLinkPreviewResult = z.object({ preview: ZLinkPreview.nullable() });

/** GET /api/feed/mentions/?search=: members of the caller's organisation to mention (up to 8). */
export const ZWallMentionQuery = z.object({
  search: plainText().trim().min(1).max(100),
});
export const ZWallMentionList = z.array(ZWallPerson);

/** GET /api/feed/hashtags/: the most used hashtags of the last 30 days (up to 10). */
export const ZWallHashtagList = z.array(z.object({ tag: z.string(), count: z.number().int() }));

/** GET/PATCH /api/feed/settings/: whether Atrium posts the caller's achievements (default off). */
export const ZWallSettings = z.object({ share_achievements: z.boolean() });
export const ZWallSettingsUpdate = z.strictObject({ share_achievements: z.boolean() });

/**
 * The realtime hint when a post changes (comment, reaction, edit, preview ready, deletion): data
 * `{ post: id }`, to its author, commenters, reactors and mentioned people. The web refetches that
 * post (404: remove it).
 */
export const WALL_POST_UPDATED = 'wall.post.updated';
