import { SEARCH_KIND_LABELS } from '@atrium/contract';
import { and, asc, gt, inArray } from 'drizzle-orm';
import {
  SEARCH_BODY_LIMIT,
  type SearchKindProvider,
  type SearchProvider,
  searchTextOfHtml,
} from '../../core/search-provider.ts';
import { announcements } from '../../schema/announcements.table.ts';
import { visibleAnnouncements } from './announcements.lists.ts';

/**
 * Announcements in global search: every announcement is indexed (scheduled and expired ones
 * too, which their managers still open); whether the caller may open one is decided at query
 * time by the list's own rule (visibleAnnouncements), so publish_at passing or an expiry needs
 * no reindex.
 */
export const announcementSearch: SearchKindProvider = {
  kind: 'announcement',
  label: SEARCH_KIND_LABELS.announcement,
  version: 1,
  async documents(ctx, ids) {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select({
        id: announcements.id,
        organisationId: announcements.organisationId,
        title: announcements.title,
        body: announcements.body,
      })
      .from(announcements)
      .where(inArray(announcements.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      organisationId: r.organisationId,
      title: r.title,
      body: searchTextOfHtml(r.body).slice(0, SEARCH_BODY_LIMIT),
      subtitle: null,
      href: `/announcements/${r.id}/`,
    }));
  },
  async ids(ctx, afterId, limit) {
    const rows = await ctx.db
      .select({ id: announcements.id })
      .from(announcements)
      .where(gt(announcements.id, afterId))
      .orderBy(asc(announcements.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
  async visible(ctx, auth, ids) {
    if (ids.length === 0) return new Set();
    const rows = await ctx.db
      .select({ id: announcements.id })
      .from(announcements)
      .where(and(inArray(announcements.id, [...ids]), visibleAnnouncements(auth, new Date())));
    return new Set(rows.map((r) => r.id));
  },
};

export const announcementsSearch: SearchProvider = { kinds: [announcementSearch] };
