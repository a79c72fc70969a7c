import sanitizeHtml from 'sanitize-html';
import type { AuthContext } from './auth/access.ts';
import type { AppContext } from './context.ts';

/**
 * Global search (features/search keeps the index): each slice answers for its own kinds through
 * its module's `search`, as it does for the calendar and the to-do list. The search slice never
 * reads another slice's tables: a provider turns its rows into documents (what is matched and
 * ranked), and decides at query time which of the matched items the caller may open, by the rule
 * of the item's own page (the index holds no permissions, so a changed audience, enrolment or
 * role takes effect at once).
 *
 * The index is kept current by the `search.changed` event: a slice emits it in the transaction
 * that creates, edits or deletes an item (`emit('search.changed', { kind, ids })`), and the search slice's subscriber
 * rereads those items through `documents` (an id the provider no longer answers for is dropped).
 * A kind whose provider `version` changed, or that was never indexed, is rebuilt by a job that
 * walks `ids`.
 */

/** What is matched and ranked for one item. Plain text only: the search slice never renders HTML. */
export interface SearchDocument {
  /** The item's id within its kind. */
  id: number;
  organisationId: number;
  /** Ranked above the body (weight A). */
  title: string;
  /** Descriptions, post text, tags (weight B/C); cut to SEARCH_BODY_LIMIT characters. */
  body: string;
  /** A short line under the title in results (the class of a session, the forum of a topic). */
  subtitle?: string | null;
  /** An app route (apps/web/src/app/routes.tsx) the item opens at. */
  href: string;
}

export interface SearchKindProvider {
  /** One of the contract's SEARCH_KINDS (or a later slice's own), unique across modules. */
  kind: string;
  label: string;
  /**
   * Bumped when `documents` changes what it writes: the kind is rebuilt at the next start.
   * Start at 1.
   */
  version: number;
  /**
   * The switchable feature of the module that provides the kind (its `feature`), filled in by
   * app.ts: while the caller's organisation has it off the kind is not searched.
   */
  readonly feature?: string;
  /** Whether this caller may search the kind at all (people: admins only). Default: everyone. */
  searchableBy?(auth: AuthContext): boolean;
  /**
   * The documents of these ids as they stand now, in one query. An id missing from the answer
   * has gone (deleted, or no longer something anyone searches for) and its document is dropped.
   */
  documents(ctx: AppContext, ids: readonly number[]): Promise<SearchDocument[]>;
  /** The kind's ids after `afterId`, ascending, at most `limit`: the rebuild's walk. */
  ids(ctx: AppContext, afterId: number, limit: number): Promise<number[]>;
  /**
   * Among matched ids (all of the caller's organisation, unless a superadmin's), those the caller
   * may open, by the rule of the item's own page: one query, never a query per id.
   */
  visible(ctx: AppContext, auth: AuthContext, ids: readonly number[]): Promise<Set<number>>;
  /**
   * For a kind whose items open at a different route for some callers (a learning path's editor
   * for its managers, its learner page for everyone else): the caller's route of these shown
   * ids, one query; an id left out keeps the document's `href`.
   */
  hrefs?(ctx: AppContext, auth: AuthContext, ids: readonly number[]): Promise<Map<number, string>>;
}

export interface SearchProvider {
  kinds: readonly SearchKindProvider[];
}

/** Bodies are cut to this many characters before indexing: enough to find an item by. */
export const SEARCH_BODY_LIMIT = 20_000;

declare module './events/event-bus.ts' {
  interface DomainEvents {
    /**
     * Items of a kind were created, edited or deleted (or changed what makes them findable):
     * the search slice rereads their documents. Emitted in the writing transaction.
     */
    'search.changed': { kind: string; ids: number[] };
  }
}

/** The words of stored rich text on one line, for a document's body (tags and entities gone). */
export function searchTextOfHtml(html: string): string {
  const spaced = html.replace(/<br\s*\/?>|<\/(p|li|h[1-6]|blockquote|pre|div|td|th)>/gi, '$& ');
  return (
    sanitizeHtml(spaced, {
      allowedTags: [],
      allowedAttributes: {},
      parser: { decodeEntities: true },
    })
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      // Last, so an escaped entity in the text ("&amp;lt;") stays the text it was.
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
