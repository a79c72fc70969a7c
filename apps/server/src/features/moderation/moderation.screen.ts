import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../core/db/database.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import type { ModerationState } from '../../core/moderation-target.ts';
import { bannedWords, moderationItems } from '../../schema/moderation.table.ts';
import { matchingPhrases } from './moderation.text.ts';
import './moderation.events.ts';

/**
 * What the content slices call when people write (features/moderation/index.ts exports these).
 * `screen` says whether a text contains one of the organisation's banned words; when it does,
 * the slice writes its item 'held' and calls `holdForReview` in the same transaction, so the
 * item and its queue entry exist together or not at all.
 */

/** The organisation's banned phrases (normalised) that occur in the text; [] when none. */
export async function screen(tx: Tx, organisationId: number, text: string): Promise<string[]> {
  const rows = await tx
    .select({ phrase: bannedWords.normalised })
    .from(bannedWords)
    .where(eq(bannedWords.organisationId, organisationId));
  return matchingPhrases(
    text,
    rows.map((r) => r.phrase),
  );
}

export interface HeldContent {
  kind: string;
  targetId: number;
  organisationId: number;
  authorId: number;
  excerpt: string;
  link: string;
}

/**
 * Opens (or marks held) the queue item of a held piece of content. An item already open for it
 * (reported before the edit that held it) becomes held; the admins hear of a new item only.
 */
export async function holdForReview({ tx, emit }: UnitOfWork, content: HeldContent): Promise<void> {
  const [existing] = await tx
    .select({ id: moderationItems.id })
    .from(moderationItems)
    .where(
      and(
        eq(moderationItems.kind, content.kind),
        eq(moderationItems.targetId, content.targetId),
        eq(moderationItems.status, 'open'),
      ),
    )
    .for('update');
  if (existing) {
    await tx
      .update(moderationItems)
      .set({ held: true, excerpt: content.excerpt })
      .where(eq(moderationItems.id, existing.id));
    return;
  }
  const [item] = await tx
    .insert(moderationItems)
    .values({ ...content, held: true })
    .onConflictDoUpdate({
      target: [moderationItems.kind, moderationItems.targetId],
      targetWhere: sql`${moderationItems.status} = 'open'`,
      set: { held: true },
    })
    .returning({ id: moderationItems.id });
  emit('moderation.opened', {
    itemId: item!.id,
    organisationId: content.organisationId,
    kind: content.kind,
    held: true,
    reportedBy: null,
  });
}

/**
 * The screening step every content slice runs once its text is written, in its transaction:
 * clean text keeps its state; text with a banned word is marked held by the slice (`markHeld`,
 * its own table) and gets its queue item. A moderator's 'hidden' stands, and an item already
 * held is not marked twice.
 */
export async function holdIfBanned(
  uow: UnitOfWork,
  content: HeldContent & { text: string; state: ModerationState },
  markHeld: () => Promise<unknown>,
): Promise<ModerationState> {
  const { text, state, ...held } = content;
  if (state === 'hidden') return 'hidden';
  if ((await screen(uow.tx, held.organisationId, text)).length === 0) return state;
  if (state !== 'held') await markHeld();
  await holdForReview(uow, held);
  return 'held';
}
