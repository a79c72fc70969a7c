import type { TCpdEntry } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { cpdCategories, cpdEntries } from '../../schema/cpd.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { canReadLedger, entryAbilities } from './cpd.policy.ts';

/**
 * Whose ledger a call reads, and the entries as the API shows them. A ledger is a learner's in
 * the organisation the caller signed in to; one the caller may not read does not exist (404).
 */

export const LEDGER_NOT_FOUND = 'User not found.';
export const ENTRY_NOT_FOUND = 'CPD entry not found.';

export interface Ledger {
  userId: number;
  organisationId: number;
  name: string;
}

const personName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

/** The ledger of `userId` (default: the caller's own), if the caller may read it. */
export async function ledgerFor(db: DbOrTx, actor: Actor, userId?: number): Promise<Ledger> {
  const target = userId ?? actor.userId;
  const organisationId = actor.organisationId;
  if (!canReadLedger(actor, { userId: target, organisationId })) throw notFound(LEDGER_NOT_FOUND);
  // Someone else's ledger exists only for a member of the organisation.
  const query = db.select({ name: personName }).from(users);
  const [row] =
    target === actor.userId
      ? await query.where(eq(users.id, target))
      : await query
          .innerJoin(
            memberships,
            and(eq(memberships.userId, users.id), eq(memberships.organisationId, organisationId)),
          )
          .where(eq(users.id, target));
  if (!row) throw notFound(LEDGER_NOT_FOUND);
  return { userId: target, organisationId, name: row.name };
}

export const ledgerWhere = (ledger: Ledger) =>
  and(eq(cpdEntries.userId, ledger.userId), eq(cpdEntries.organisationId, ledger.organisationId));

export const entryColumns = {
  entry: cpdEntries,
  categoryName: cpdCategories.name,
};

export type EntryRow = typeof cpdEntries.$inferSelect & { categoryName: string | null };

export const entriesWithCategory = (db: DbOrTx) =>
  db
    .select(entryColumns)
    .from(cpdEntries)
    .leftJoin(cpdCategories, eq(cpdCategories.id, cpdEntries.categoryId));

export const flatten = (r: {
  entry: typeof cpdEntries.$inferSelect;
  categoryName: string | null;
}) => ({ ...r.entry, categoryName: r.categoryName }) as EntryRow;

/** Where an automatic credit's source lives in the app, from its key (`event:12@…`, `course:7`). */
export function sourceLink(key: string | null): string | null {
  const match = key?.match(/^(event|course|learning_path|classroom_session):(\d+)/);
  if (!match) return null;
  const id = match[2];
  switch (match[1]) {
    case 'event':
      return `/cpd?event=${id}`;
    case 'course':
      return `/courses/course-detail/${id}`;
    case 'learning_path':
      return `/learning-path/learner/learning-path/${id}`;
    default:
      return `/classroom/classes?session=${id}`;
  }
}

export function presentEntry(actor: Actor, e: EntryRow): TCpdEntry {
  return {
    id: e.id,
    user: e.userId,
    title: e.title,
    category: e.categoryId === null ? null : { id: e.categoryId, name: e.categoryName ?? '' },
    source_kind: e.sourceKind,
    source_link: sourceLink(e.sourceKey),
    value: Number(e.value),
    unit: e.unit,
    completed_at: e.completedAt.toISOString(),
    status: e.status,
    reflection: e.reflection,
    evidence_name: e.evidenceName,
    created_at: e.createdAt.toISOString(),
    abilities: entryAbilities(actor, e),
  };
}

/** One entry with its category; `lock` holds it until the transaction ends. */
export async function entryById(
  db: DbOrTx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<EntryRow | null> {
  const query = entriesWithCategory(db).where(eq(cpdEntries.id, id));
  const [row] = options.lock ? await query.for('update', { of: cpdEntries }) : await query;
  return row ? flatten(row) : null;
}
