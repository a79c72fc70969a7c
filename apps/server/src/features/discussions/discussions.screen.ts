import { eq, sql } from 'drizzle-orm';
import { type Actor, isAdminOf } from '../../core/auth/actor.ts';
import type { Tx } from '../../core/db/database.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import type { ModerationState } from '../../core/moderation-target.ts';
import { discussionAnswers, discussions } from '../../schema/discussions.table.ts';
import { holdIfBanned } from '../moderation/index.ts';

/**
 * Moderation on the discussions' side of the writes: topics and answers are screened against the
 * organisation's banned words as they are written (held ones wait for a moderator: not counted,
 * not mailed, not announced), and held or hidden ones show to their author and the organisation's
 * admins only. The targets themselves are in discussions.moderation.ts.
 */

export const topicLink = (topicId: number) => `/discussions/${topicId}`;

/** Plain text on one line, cut near 80 characters (the queue's line). */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= 80 ? flat : `${chars.slice(0, 79).join('').trimEnd()}…`;
}

/** Whether the caller sees a held or hidden topic or answer: its author and the admins. */
export const canSeeModerated = (
  actor: Actor,
  item: { userId: number; moderationState: ModerationState },
  organisationId: number,
): boolean =>
  item.moderationState === 'visible' ||
  item.userId === actor.userId ||
  isAdminOf(actor, organisationId);

/** The lists' filter on a table's rows (none for the admins). */
export function visibleFilter(actor: Actor, table: typeof discussions | typeof discussionAnswers) {
  if (isAdminOf(actor, actor.organisationId)) return undefined;
  return sql`(${table.moderationState} = 'visible' or ${table.userId} = ${actor.userId})`;
}

/**
 * Screens a topic's or an answer's text once written: when it holds a banned word it is written
 * 'held' (its forum mail waits) and its queue item opened, in the caller's transaction. A
 * moderator's 'hidden' stands.
 */
export async function screenWrite(
  uow: UnitOfWork,
  w: {
    kind: 'discussion_topic' | 'discussion_answer';
    id: number;
    topicId: number;
    organisationId: number;
    authorId: number;
    text: string;
    state: ModerationState;
  },
): Promise<ModerationState> {
  const table = w.kind === 'discussion_topic' ? discussions : discussionAnswers;
  return holdIfBanned(
    uow,
    {
      kind: w.kind,
      targetId: w.id,
      organisationId: w.organisationId,
      authorId: w.authorId,
      excerpt: excerptOf(w.text),
      link: topicLink(w.topicId),
      text: w.text,
      state: w.state,
    },
    // Held, its forum mail waits for the release.
    () =>
      uow.tx
        .update(table)
        .set({ moderationState: 'held', mailDueAt: null })
        .where(eq(table.id, w.id)),
  );
}

/** Screens a topic's title and text (after its insert or edit); its current state, or visible. */
export function screenTopic(
  uow: UnitOfWork,
  t: {
    id: number;
    organisationId: number;
    userId: number;
    title: string;
    bodyText: string;
    moderationState?: ModerationState;
  },
): Promise<ModerationState> {
  return screenWrite(uow, {
    kind: 'discussion_topic',
    id: t.id,
    topicId: t.id,
    organisationId: t.organisationId,
    authorId: t.userId,
    text: `${t.title}\n${t.bodyText}`,
    state: t.moderationState ?? 'visible',
  });
}

/**
 * Sets a topic's answer count from its rows: answers everyone sees (visible, and a reply's
 * parent visible too). Run when moderation or a deletion changes which ones count.
 */
export async function recountAnswers(tx: Tx, topicId: number): Promise<void> {
  await tx.execute(sql`update ${discussions} set answer_count = (
      select count(*)::int from ${discussionAnswers} a
      left join ${discussionAnswers} p on p.id = a.parent_id
      where a.discussion_id = ${topicId} and a.moderation_state = 'visible'
        and (p.id is null or p.moderation_state = 'visible'))
    where id = ${topicId}`);
}
