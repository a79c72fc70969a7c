import type { AuthContext } from './auth/access.ts';
import type { AppContext } from './context.ts';

/**
 * One next action a slice puts on a person's to-do list (features/todo aggregates them): a course
 * assigned and not finished, an assessment not submitted, a request waiting on their decision.
 * The to-do list never reads another slice's tables: each slice answers for its own items, by the
 * rules of the item's own page, through its module's `todo` (as the calendar does).
 */
export interface TodoItem {
  /** One of its provider's `kinds`: what the list filters by. */
  kind: string;
  /** Stable and unique across kinds (`course:12`). */
  id: string;
  title: string;
  /** A short line under the title (the course, "Not started", who asks). */
  detail?: string;
  /** An app route (apps/web/src/app/routes.tsx) the person may open. */
  href: string;
  /** null: undated (a request to decide, an assessment without a close date). */
  dueAt: Date | null;
}

export interface TodoProvider {
  /** The kinds it provides, with their labels (the list's filter chips). */
  kinds: Readonly<Record<string, string>>;
  /**
   * The person's open next actions as of `now`: one bounded, indexed query (at most
   * TODO_PROVIDER_LIMIT items, soonest due first), only what the item's own page lets them open.
   */
  items(ctx: AppContext, auth: AuthContext, now: Date): Promise<TodoItem[]>;
}

/** Each provider answers at most this many items: a to-do list longer than that is not read. */
export const TODO_PROVIDER_LIMIT = 200;
