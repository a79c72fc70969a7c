import { z } from 'zod';
import { ZPageQuery, zPage } from '../core/pagination.ts';
import { plainText } from '../core/plain-text.ts';

/**
 * Global search (spec §2 /search; issue 23): one box over every kind of item a person may open.
 * Each slice answers for its own kinds (core/search-provider.ts on the server); a result is
 * shown only when the caller may open the item by the rules of the item's own page.
 */

/** The kinds the slices provide today; the server's `kinds` answer is the authority. */
export const SEARCH_KINDS = [
  'course',
  'learning_path',
  'assessment',
  'classroom',
  'classroom_session',
  'event',
  'discussion',
  'announcement',
  'blog_post',
  'file',
  'user',
] as const;
export type TSearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<TSearchKind, string> = {
  course: 'Courses',
  learning_path: 'Learning paths',
  assessment: 'Assessments',
  classroom: 'Classes',
  classroom_session: 'Sessions',
  event: 'Events',
  discussion: 'Discussions',
  announcement: 'Announcements',
  blog_post: 'Blog posts',
  file: 'Files',
  user: 'People',
};

/** A query shorter than this finds nothing worth showing (and costs a scan). */
export const SEARCH_MIN_LENGTH = 2;
/** Results per kind in the grouped answer (the Ctrl-K palette and /search without a kind). */
export const SEARCH_GROUP_SIZE = 5;

/**
 * A piece of highlighted text: the client renders `match` pieces in <mark>. Pieces, not HTML,
 * so nothing a person wrote is ever inserted as markup.
 */
export const ZSearchFragment = z.object({ text: z.string(), match: z.boolean() });
export type TSearchFragment = z.infer<typeof ZSearchFragment>;

export const ZSearchHit = z.object({
  /** Stable and unique across kinds (`course:12`): the list's key. */
  id: z.string(),
  kind: z.string(),
  item_id: z.number().int(),
  title: z.string(),
  /** The title with the matched words marked. */
  title_highlight: z.array(ZSearchFragment),
  /** A short line under the title (the class of a session, the forum of a discussion). */
  subtitle: z.string().nullable(),
  /** A passage of the body around the matched words, marked; empty when only the title matched. */
  snippet: z.array(ZSearchFragment),
  /** An app route (apps/web/src/app/routes.tsx) the caller may open. */
  href: z.string(),
  /** Higher is better; comparable within one answer only. */
  score: z.number(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchQuery = z.object({
  q: plainText().trim().min(SEARCH_MIN_LENGTH).max(200),
});
export type TSearchQueryInput = z.input<typeof ZSearchQuery>;

export const ZSearchGroup = z.object({
  kind: z.string(),
  label: z.string(),
  /** How many the caller may open (counting stops at COUNT_CAP: `count_capped`). */
  count: z.number().int(),
  count_capped: z.boolean(),
  /** The best SEARCH_GROUP_SIZE. */
  results: z.array(ZSearchHit),
});
export type TSearchGroup = z.infer<typeof ZSearchGroup>;

/** Results grouped by kind, best group first; kinds with nothing are left out. */
export const ZSearchOverview = z.object({
  query: z.string(),
  groups: z.array(ZSearchGroup),
  /** Kinds whose slice failed to answer (the rest is still right). */
  unavailable: z.array(z.string()),
});
export type TSearchOverview = z.infer<typeof ZSearchOverview>;

export const ZSearchKindQuery = ZPageQuery.extend({
  q: plainText().trim().min(SEARCH_MIN_LENGTH).max(200),
});
export type TSearchKindQueryInput = z.input<typeof ZSearchKindQuery>;
export const ZSearchKindParams = z.object({ kind: z.string().trim().min(1).max(40) });

export const ZSearchPage = zPage(ZSearchHit);
export type TSearchPage = z.infer<typeof ZSearchPage>;

/** The kinds this caller may search (users only for admins), with their labels. */
export const ZSearchKinds = z.array(z.object({ kind: z.string(), label: z.string() }));
export type TSearchKinds = z.infer<typeof ZSearchKinds>;
