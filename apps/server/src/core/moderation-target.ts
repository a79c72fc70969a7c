import type { Actor } from './auth/actor.ts';
import type { AppContext } from './context.ts';
import type { UnitOfWork } from './db/transaction.ts';

/**
 * Where a piece of people's content stands with the moderators. `visible`: everyone it is meant
 * for sees it. `held`: it matched the organisation's banned words and waits for a moderator.
 * `hidden`: a moderator took it down. Held and hidden content is shown to its author only
 * (labelled) and to the moderation queue; lists, counts and notifications leave it out.
 */
export type ModerationState = 'visible' | 'held' | 'hidden';
export const MODERATION_STATES = ['visible', 'held', 'hidden'] as const;

/** What the moderation queue shows of a reported or held item, read from its own slice. */
export interface ModeratedContent {
  organisationId: number;
  authorId: number | null;
  /** Plain text, short (the queue's line; the slice strips any markup). */
  excerpt: string;
  /** Where the app shows it (the queue's "Open" link). */
  link: string;
  state: ModerationState;
}

/**
 * One kind of content the moderators act on (a wall post, a discussion answer, a blog comment).
 * The owning slice answers for it through its module's `moderationTargets`, so the moderation
 * slice never reads another slice's tables: it keeps reports and decisions, the owner keeps the
 * content and applies them.
 */
export interface ModerationTarget {
  /** Stable key stored with reports (`wall_post`, `discussion_answer`, `blog_comment`). */
  kind: string;
  /** What people call it ("Wall post"). */
  label: string;
  /** The item, or null when it does not exist (any more). Ignores who asks. */
  load(ctx: AppContext, id: number): Promise<ModeratedContent | null>;
  /** Whether this person sees the item where it lives (only they may report it). */
  visibleTo(ctx: AppContext, actor: Actor, id: number): Promise<boolean>;
  /**
   * Applies a moderator's decision (hide, restore, release a held item) in the caller's
   * transaction; what a release announces (mentions, answers) goes through its `emit`.
   */
  setState(ctx: AppContext, uow: UnitOfWork, id: number, state: ModerationState): Promise<void>;
  /** Deletes the item as its own delete would (files, counts, events), by a moderator. */
  remove(ctx: AppContext, actor: Actor, id: number): Promise<void>;
}
