import { BANNED_WORDS_MAX, type TBannedWord, type TBannedWordCreate } from '@atrium/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import {
  conflict,
  fieldConflict,
  fieldError,
  forbidden,
  notFound,
} from '../../core/errors/app-error.ts';
import { bannedWords } from '../../schema/moderation.table.ts';
import { users } from '../../schema/users.table.ts';
import { canModerate } from './moderation.policy.ts';
import { normalisePhrase } from './moderation.text.ts';

/** The organisation's banned words: its admins list, add and remove them (audited). */

const ADMINS_ONLY = "Only the organisation's admins manage the banned words.";
export const WORD_NOT_FOUND = 'Banned word not found.';
export const ALREADY_BANNED = 'This word or phrase is already banned.';
export const TOO_MANY_WORDS = `An organisation bans at most ${BANNED_WORDS_MAX} words or phrases.`;

const nameOf = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

function assertModerator(actor: Actor): void {
  if (!canModerate(actor)) throw forbidden(ADMINS_ONLY);
}

type Row = typeof bannedWords.$inferSelect;
const present = (w: Row, name: string | null): TBannedWord => ({
  id: w.id,
  phrase: w.phrase,
  created_at: w.createdAt.toISOString(),
  created_by: w.createdBy === null || name === null ? null : { id: w.createdBy, fullname: name },
});

/** GET /api/moderation/banned-words/: all of them (at most BANNED_WORDS_MAX), by phrase. */
export async function listWords(
  ctx: AppContext,
  actor: Actor,
): Promise<{ results: TBannedWord[] }> {
  assertModerator(actor);
  const rows = await ctx.db
    .select({ word: bannedWords, name: nameOf })
    .from(bannedWords)
    .leftJoin(users, eq(users.id, bannedWords.createdBy))
    .where(eq(bannedWords.organisationId, actor.organisationId))
    .orderBy(asc(bannedWords.normalised));
  return { results: rows.map((r) => present(r.word, r.name)) };
}

/** POST /api/moderation/banned-words/: new writes are screened; what exists is not re-read. */
export async function addWord(
  ctx: AppContext,
  actor: Actor,
  input: TBannedWordCreate,
): Promise<TBannedWord> {
  assertModerator(actor);
  const normalised = normalisePhrase(input.phrase);
  if (normalised === '') throw fieldError('phrase', 'Enter a word or phrase.');
  const word = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    // Serialises the organisation's additions, so two at once cannot pass the limit together.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('banned_words'), ${actor.organisationId})`,
    );
    const [n] = await tx
      .select({ n: count() })
      .from(bannedWords)
      .where(eq(bannedWords.organisationId, actor.organisationId));
    if (Number(n!.n) >= BANNED_WORDS_MAX) throw conflict(TOO_MANY_WORDS);
    const [word] = await tx
      .insert(bannedWords)
      .values({
        organisationId: actor.organisationId,
        phrase: input.phrase,
        normalised,
        createdBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!word) throw fieldConflict('phrase', ALREADY_BANNED);
    await recordAudit(tx, {
      action: 'moderation.banned_word_added',
      actorId: actor.userId,
      organisationId: actor.organisationId,
      details: { id: word.id, phrase: word.phrase },
    });
    return word;
  });
  const [me] = await ctx.db.select({ name: nameOf }).from(users).where(eq(users.id, actor.userId));
  return present(word, me?.name ?? null);
}

/** DELETE /api/moderation/banned-words/{id}/: content held by it stays in the queue. */
export async function removeWord(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertModerator(actor);
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const [word] = await tx
      .delete(bannedWords)
      .where(and(eq(bannedWords.id, id), eq(bannedWords.organisationId, actor.organisationId)))
      .returning();
    if (!word) throw notFound(WORD_NOT_FOUND);
    await recordAudit(tx, {
      action: 'moderation.banned_word_removed',
      actorId: actor.userId,
      organisationId: actor.organisationId,
      details: { id: word.id, phrase: word.phrase },
    });
  });
}
