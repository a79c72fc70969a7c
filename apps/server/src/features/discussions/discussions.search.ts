import { SEARCH_KIND_LABELS } from '@atrium/contract';
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../core/db/database.ts';
import {
  SEARCH_BODY_LIMIT,
  type SearchKindProvider,
  type SearchProvider,
} from '../../core/search-provider.ts';
import { discussions } from '../../schema/discussions.table.ts';
import { readableTo } from './discussions.scopes.ts';
import { topicLink, visibleFilter } from './discussions.screen.ts';

/**
 * Answers read into one topic's document: enough to fill SEARCH_BODY_LIMIT with ordinary answers,
 * and a bound on a thread of 100,000 posts (each answer is cut to the limit too).
 */
const ANSWERS_PER_TOPIC = 200;

interface Row {
  id: number;
  organisation_id: number;
  title: string;
  body_text: string;
  forum: string | null;
  answers: string | null;
}

/**
 * Discussions in global search: a topic with its text and, in the body, its visible answers'
 * text (newest top-level answers first, then replies: the order of
 * discussion_answers_discussion_idx read backwards, so each topic's answers are a bounded index
 * scan). Held and hidden answers are never indexed, so nobody finds a topic by words a moderator
 * withheld; a held or hidden topic is indexed but `visible` shows it only to whom its page
 * shows it (its author and the admins), by the list's own rule (readableTo and visibleFilter:
 * a course's topics to its members and managers, and so on).
 */
export const discussionSearch: SearchKindProvider = {
  kind: 'discussion',
  label: SEARCH_KIND_LABELS.discussion,
  version: 1,
  async documents(ctx, ids) {
    if (ids.length === 0) return [];
    const rows = await queryRows<Row>(
      ctx.db,
      sql`select d.id, d.organisation_id, d.title, d.body_text, f.name as forum,
          (select string_agg(x.text, ' ')
             from (select left(a.body_text, ${SEARCH_BODY_LIMIT}) as text
                     from discussion_answers a
                    where a.discussion_id = d.id and a.moderation_state = 'visible'
                    order by a.parent_id desc, a.created_at desc, a.id desc
                    limit ${ANSWERS_PER_TOPIC}) x) as answers
        from discussions d
        left join forums f on f.id = d.forum_id
        where d.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      organisationId: Number(r.organisation_id),
      title: r.title,
      body: [r.body_text, r.answers ?? '']
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, SEARCH_BODY_LIMIT),
      subtitle: r.forum === null ? null : `Forum: ${r.forum}`,
      href: topicLink(Number(r.id)),
    }));
  },
  async ids(ctx, afterId, limit) {
    const rows = await ctx.db
      .select({ id: discussions.id })
      .from(discussions)
      .where(gt(discussions.id, afterId))
      .orderBy(asc(discussions.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
  async visible(ctx, auth, ids) {
    if (ids.length === 0) return new Set();
    const rows = await ctx.db
      .select({ id: discussions.id })
      .from(discussions)
      .where(
        and(inArray(discussions.id, [...ids]), readableTo(auth), visibleFilter(auth, discussions)),
      );
    return new Set(rows.map((r) => r.id));
  },
};

export const discussionsSearch: SearchProvider = { kinds: [discussionSearch] };
