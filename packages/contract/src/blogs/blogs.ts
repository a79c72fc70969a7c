import { z } from 'zod';
import { zId, zIdParam } from '../core/ids.ts';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Blogs (spec §2 /blogs; issue 20 part 5): the organisation's posts by permitted authors (its
 * admins, and the people they add), drafts until published, with sanitised rich text, an optional
 * cover image from the image store, tags, and plain-text comments. Every member reads published
 * posts; drafts are their author's and the admins'.
 */

export const BLOG_TITLE_MAX = 200;
export const BLOG_EXCERPT_MAX = 500;
export const BLOG_BODY_MAX = 200_000;
export const BLOG_COMMENT_MAX = 2_000;
export const BLOG_MAX_TAGS = 10;
export const BLOG_TAG_MAX = 40;
/** A tag is letters, digits, '-' and '_', stored lower-case. */
export const BLOG_TAG_PATTERN = /^[\p{L}\p{N}_-]+$/u;

export const BLOG_STATUSES = ['draft', 'published'] as const;
export type TBlogStatus = (typeof BLOG_STATUSES)[number];
/** Where the item stands with the moderators (core moderation: held/hidden show to the author only). */
export const BLOG_MODERATION_STATES = ['visible', 'held', 'hidden'] as const;

export const ZBlogPerson = z.object({
  id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  /** Profile photo URL, or null. */
  image: z.string().nullable(),
});
export type TBlogPerson = z.infer<typeof ZBlogPerson>;

export const ZBlogCover = z.object({
  uuid: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TBlogCover = z.infer<typeof ZBlogCover>;

export const ZBlogPostAbilities = z.object({
  /** Its author while still a permitted author, and the organisation's admins. */
  edit: z.boolean(),
  delete: z.boolean(),
  /** Published and visible posts take comments. */
  comment: z.boolean(),
  /** May publish or unpublish it (whoever may edit it). */
  publish: z.boolean(),
});
export type TBlogPostAbilities = z.infer<typeof ZBlogPostAbilities>;

/** A post as the list shows it (no body). */
export const ZBlogPostSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text. */
  excerpt: z.string(),
  cover: ZBlogCover.nullable(),
  /** Null when the author's account is gone (the post stays the organisation's). */
  author: ZBlogPerson.nullable(),
  status: z.enum(BLOG_STATUSES),
  /** The first publication (kept if it is unpublished and published again); null for a new draft. */
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Lower-case, sorted. */
  tags: z.array(z.string()),
  /** Visible comments (held or hidden ones are not counted). */
  comment_count: z.number().int(),
  /** Only its author and admins ever get a held or hidden post (the web labels it). */
  moderation_state: z.enum(BLOG_MODERATION_STATES),
  abilities: ZBlogPostAbilities,
});
export type TBlogPostSummary = z.infer<typeof ZBlogPostSummary>;

export const ZBlogPost = ZBlogPostSummary.extend({
  /** Rich text, sanitised on the server: safe to render as HTML. */
  body_html: z.string(),
});
export type TBlogPost = z.infer<typeof ZBlogPost>;

export const ZBlogListAbilities = z.object({
  /** Admins, superadmins and the organisation's permitted authors. */
  create: z.boolean(),
  /** The organisation's admins: who may write. */
  manage_authors: z.boolean(),
});

export const ZBlogPostPage = zPage(ZBlogPostSummary).extend({ abilities: ZBlogListAbilities });
export type TBlogPostPage = z.infer<typeof ZBlogPostPage>;

/**
 * GET /api/blogs/: published posts, newest first. `status=draft`: the caller's drafts (admins:
 * every draft of the organisation).
 */
export const ZBlogListQuery = ZPageQuery.extend({
  status: z.enum(BLOG_STATUSES).default('published'),
  tag: z
    .string()
    .trim()
    .max(BLOG_TAG_MAX + 1)
    .transform((v) => v.replace(/^#/, '').toLowerCase())
    .optional(),
  /** Words of the title or excerpt. */
  search: plainText().trim().max(100).optional(),
  author: zIdParam.optional(),
});
export type TBlogListQuery = z.infer<typeof ZBlogListQuery>;
export type TBlogListQueryInput = z.input<typeof ZBlogListQuery>;

/** One tag's problem, or null: what the web's tags input shows as the person types. */
export function blogTagError(tag: string): string | null {
  if (tag.length === 0) return 'A tag may not be blank.';
  if (tag.length > BLOG_TAG_MAX) return `A tag has at most ${BLOG_TAG_MAX} characters.`;
  if (!BLOG_TAG_PATTERN.test(tag)) return 'Tags use letters, digits, - and _ only.';
  return null;
}

/**
 * Tags, lower-case and once each, in the order given. Errors name the field `tags` (not one
 * element), so a form shows them under its tags input.
 */
export const zBlogTags = z
  .array(z.string().max(200))
  .transform((tags) => [...new Set(tags.map((t) => t.trim().toLowerCase()))])
  .superRefine((tags, ctx) => {
    for (const tag of tags) {
      const error = blogTagError(tag);
      if (error) ctx.addIssue({ code: 'custom', message: `${error} (“${tag}”)` });
    }
    if (tags.length > BLOG_MAX_TAGS) {
      ctx.addIssue({ code: 'custom', message: `At most ${BLOG_MAX_TAGS} tags.` });
    }
  });

const fields = {
  title: plainText()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(BLOG_TITLE_MAX, `At most ${BLOG_TITLE_MAX} characters.`),
  /** Plain text; empty: taken from the body's first words. */
  excerpt: plainText().trim().max(BLOG_EXCERPT_MAX, `At most ${BLOG_EXCERPT_MAX} characters.`),
  /** Rich text from the editor, sanitised on the server. */
  body_html: z.string().max(BLOG_BODY_MAX, 'The text is too long.'),
  /** An image the caller uploaded to the image store (its uuid), or null. */
  cover_image: z.uuid({ message: 'Not an image address.' }).nullable(),
  tags: zBlogTags,
  /** draft or published; publishing needs a body. */
  status: z.enum(BLOG_STATUSES, 'Choose draft or published.'),
};

/** POST /api/blogs/: a draft by default. */
export const ZBlogPostCreate = z.strictObject({
  title: fields.title,
  excerpt: fields.excerpt.default(''),
  body_html: fields.body_html.default(''),
  cover_image: fields.cover_image.default(null),
  tags: fields.tags.default([]),
  status: fields.status.default('draft'),
});
export type TBlogPostCreate = z.infer<typeof ZBlogPostCreate>;
export type TBlogPostCreateInput = z.input<typeof ZBlogPostCreate>;

/** PATCH /api/blogs/{id}/: any of the fields; `status` publishes or unpublishes. */
export const ZBlogPostUpdate = z
  .strictObject(fields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.' });
export type TBlogPostUpdate = z.infer<typeof ZBlogPostUpdate>;
export type TBlogPostUpdateInput = z.input<typeof ZBlogPostUpdate>;

/** GET /api/blogs/tags/: the organisation's tags of published posts, most used first. */
export const ZBlogTagList = z.array(z.object({ tag: z.string(), count: z.number().int() }));
export type TBlogTagList = z.infer<typeof ZBlogTagList>;

export const ZBlogCommentAbilities = z.object({ edit: z.boolean(), delete: z.boolean() });

export const ZBlogComment = z.object({
  id: z.number().int(),
  post: z.number().int(),
  author: ZBlogPerson,
  /** Plain text. */
  body: z.string(),
  created_at: z.string(),
  /** Null until it is edited. */
  edited_at: z.string().nullable(),
  moderation_state: z.enum(BLOG_MODERATION_STATES),
  abilities: ZBlogCommentAbilities,
});
export type TBlogComment = z.infer<typeof ZBlogComment>;

/** GET /api/blogs/{id}/comments/: oldest first. */
export const ZBlogCommentQuery = ZPageQuery;
export const ZBlogCommentPage = zPage(ZBlogComment);
export type TBlogCommentPage = z.infer<typeof ZBlogCommentPage>;

const commentBody = plainText()
  .trim()
  .min(1, 'This field may not be blank.')
  .max(BLOG_COMMENT_MAX, `At most ${BLOG_COMMENT_MAX} characters.`);
export const ZBlogCommentCreate = z.strictObject({ body: commentBody });
export const ZBlogCommentUpdate = z.strictObject({ body: commentBody });
export type TBlogCommentCreate = z.infer<typeof ZBlogCommentCreate>;

/** A permitted author of the organisation (admins write without being listed). */
export const ZBlogAuthor = z.object({
  user: ZBlogPerson,
  granted_at: z.string(),
});
export type TBlogAuthor = z.infer<typeof ZBlogAuthor>;
export const ZBlogAuthorQuery = ZPageQuery;
export const ZBlogAuthorPage = zPage(ZBlogAuthor);
export type TBlogAuthorPage = z.infer<typeof ZBlogAuthorPage>;

/** POST /api/blogs/authors/: a member of the organisation (else 400 on user_id). */
export const ZBlogAuthorGrant = z.strictObject({ user_id: zId });
export const ZBlogAuthorParams = z.object({ userId: zIdParam });
