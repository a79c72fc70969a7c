import { ROLE, SEARCH_KIND_LABELS } from '@atrium/contract';
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import {
  SEARCH_BODY_LIMIT,
  type SearchKindProvider,
  type SearchProvider,
} from '../../core/search-provider.ts';
import { blogPosts } from '../../schema/blogs.table.ts';
import { users } from '../../schema/users.table.ts';
import { postLink } from './blogs.links.ts';
import { bodyText, deriveExcerpt } from './blogs.text.ts';

/**
 * canReadPost as SQL (blogs.policy.ts): a superadmin reads every post, an admin their
 * organisation's; anyone else in the organisation their own posts (drafts, held or hidden ones
 * included) and the published, visible ones. The blogs list applies the same split.
 */
export function readablePosts(actor: Actor): SQL {
  if (actor.isSuperadmin) return sql`true`;
  const own = eq(blogPosts.organisationId, actor.organisationId);
  if (actor.roleId === ROLE.ADMIN) return own;
  return and(
    own,
    or(
      eq(blogPosts.authorId, actor.userId),
      and(eq(blogPosts.status, 'published'), eq(blogPosts.moderationState, 'visible')),
    ),
  )!;
}

/** The post's tags, space separated, in the documents' one query. */
const TAGS = sql<string | null>`(select string_agg(t.tag, ' ' order by t.tag)
  from blog_post_tags t where t.post_id = ${blogPosts.id})`;

/**
 * Blog posts in global search: every post is indexed (drafts and held ones too: their author and
 * the admins open them), and `visible` keeps the post page's rule, so a draft shows only to its
 * author and admins, and a held or hidden post stops showing to others the moment it is held.
 * The body is the custom excerpt (a derived one repeats the body), the text and the tags; the
 * subtitle names the author.
 */
export const blogPostSearch: SearchKindProvider = {
  kind: 'blog_post',
  label: SEARCH_KIND_LABELS.blog_post,
  version: 1,
  async documents(ctx, ids) {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select({
        id: blogPosts.id,
        organisationId: blogPosts.organisationId,
        title: blogPosts.title,
        excerpt: blogPosts.excerpt,
        bodyHtml: blogPosts.bodyHtml,
        tags: TAGS,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
      })
      .from(blogPosts)
      .leftJoin(users, eq(users.id, blogPosts.authorId))
      .where(inArray(blogPosts.id, [...ids]));
    return rows.map((r) => {
      const text = bodyText(r.bodyHtml);
      const excerpt = r.excerpt && r.excerpt !== deriveExcerpt(r.bodyHtml) ? r.excerpt : '';
      const author = `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.username;
      return {
        id: r.id,
        organisationId: r.organisationId,
        title: r.title,
        body: [excerpt, text, r.tags ?? ''].filter(Boolean).join(' ').slice(0, SEARCH_BODY_LIMIT),
        subtitle: author ? `by ${author}` : null,
        href: postLink(r.id),
      };
    });
  },
  async ids(ctx, afterId, limit) {
    const rows = await ctx.db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(gt(blogPosts.id, afterId))
      .orderBy(asc(blogPosts.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
  async visible(ctx, auth, ids) {
    if (ids.length === 0) return new Set();
    const rows = await ctx.db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(inArray(blogPosts.id, [...ids]), readablePosts(auth)));
    return new Set(rows.map((r) => r.id));
  },
};

export const blogsSearch: SearchProvider = { kinds: [blogPostSearch] };
