import type { TDiscussionKind, TDiscussionType, TDiscussionTypeInput } from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, fieldConflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import { discussions, discussionTypes } from '../../schema/discussions.table.ts';
import { canManageTypes } from './discussions.policy.ts';

/**
 * Discussion types (discussion_type/): the organisation's own list, kept by its admins. Every
 * organisation has a Question, an Idea and a General type: migration 0035 made them for the
 * organisations of then, and an organisation created since gets them the first time its types
 * are needed (no event announces a new organisation, so the first read provisions them, once:
 * only while it has none, and a type cannot be deleted when it is the last).
 */

const TYPE_NOT_FOUND = 'Discussion type not found.';
const NAME_TAKEN = 'A discussion type with this name already exists.';

export const DEFAULT_TYPES: { name: string; kind: TDiscussionKind }[] = [
  { name: 'Question', kind: 'question' },
  { name: 'Idea', kind: 'idea' },
  { name: 'General', kind: 'general' },
];

/** Gives an organisation without types the three defaults (a racing twin inserts nothing). */
export async function provisionTypes(db: DbOrTx, organisationId: number): Promise<void> {
  const values = sql.join(
    DEFAULT_TYPES.map((t, i) => sql`(${i}, ${t.name}, ${t.kind})`),
    sql`, `,
  );
  await db.execute(sql`insert into discussion_types (organisation_id, name, kind)
    select ${organisationId}::int, v.name, v.kind from (values ${values}) as v(ord, name, kind)
    where not exists (select 1 from discussion_types where organisation_id = ${organisationId}::int)
    order by v.ord
    on conflict do nothing`);
}

/** The organisation's first question type (what the §7 course questions are), provisioned. */
export async function questionType(db: DbOrTx, organisationId: number): Promise<number> {
  await provisionTypes(db, organisationId);
  const [row] = await db
    .select({ id: discussionTypes.id })
    .from(discussionTypes)
    .where(
      and(eq(discussionTypes.organisationId, organisationId), eq(discussionTypes.kind, 'question')),
    )
    .orderBy(asc(discussionTypes.id))
    .limit(1);
  if (row) return row.id;
  // The admins turned every question type into another kind: the first type will do.
  const [first] = await db
    .select({ id: discussionTypes.id })
    .from(discussionTypes)
    .where(eq(discussionTypes.organisationId, organisationId))
    .orderBy(asc(discussionTypes.id))
    .limit(1);
  return first!.id;
}

async function present(
  db: DbOrTx,
  organisationId: number,
  id?: number,
): Promise<TDiscussionType[]> {
  const rows = await queryRows<{ id: number; name: string; kind: TDiscussionKind; n: number }>(
    db,
    sql`select t.id, t.name, t.kind, coalesce(c.n, 0)::int as n
      from discussion_types t
      left join (select type_id, count(*) as n from discussions
                 where organisation_id = ${organisationId} group by type_id) c on c.type_id = t.id
      where t.organisation_id = ${organisationId} ${id === undefined ? sql`` : sql`and t.id = ${id}`}
      order by t.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    kind: r.kind,
    topic_count: Number(r.n),
  }));
}

export async function listTypes(ctx: AppContext, actor: Actor): Promise<TDiscussionType[]> {
  await provisionTypes(ctx.db, actor.organisationId);
  return present(ctx.db, actor.organisationId);
}

/** A racing twin still meets the unique index: the same 409. */
async function unique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (postgresCode(error) === '23505') throw fieldConflict('name', NAME_TAKEN);
    throw error;
  }
}

async function nameTaken(db: DbOrTx, organisationId: number, name: string, except?: number) {
  const [row] = await db
    .select({ id: discussionTypes.id })
    .from(discussionTypes)
    .where(
      and(
        eq(discussionTypes.organisationId, organisationId),
        sql`lower(${discussionTypes.name}) = lower(${name})`,
        except === undefined ? undefined : sql`${discussionTypes.id} <> ${except}`,
      ),
    );
  return row !== undefined;
}

export async function createType(
  ctx: AppContext,
  actor: Actor,
  input: TDiscussionTypeInput,
): Promise<TDiscussionType> {
  if (!canManageTypes(actor, actor.organisationId)) throw forbidden();
  await provisionTypes(ctx.db, actor.organisationId);
  if (await nameTaken(ctx.db, actor.organisationId, input.name)) {
    throw fieldConflict('name', NAME_TAKEN);
  }
  const [row] = await unique(() =>
    ctx.db
      .insert(discussionTypes)
      .values({ organisationId: actor.organisationId, name: input.name, kind: input.kind })
      .returning(),
  );
  const [out] = await present(ctx.db, actor.organisationId, row!.id);
  return out!;
}

async function typeFor(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const query = db
    .select()
    .from(discussionTypes)
    .where(
      and(eq(discussionTypes.id, id), eq(discussionTypes.organisationId, actor.organisationId)),
    );
  const [row] = lock ? await query.for('update') : await query;
  // Another organisation's type does not exist for the caller.
  if (!row) throw notFound(TYPE_NOT_FOUND);
  if (!canManageTypes(actor, row.organisationId)) throw forbidden();
  return row;
}

/**
 * Renames a type or changes its kind. A type that stops being a question takes its topics'
 * accepted answers with it: only questions have one.
 */
export async function updateType(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: Partial<TDiscussionTypeInput>,
): Promise<TDiscussionType> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const type = await typeFor(tx, actor, id, true);
    if (input.name !== undefined && (await nameTaken(tx, type.organisationId, input.name, id))) {
      throw fieldConflict('name', NAME_TAKEN);
    }
    const changes = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.kind === undefined ? {} : { kind: input.kind }),
    };
    // An empty change is no change (the answer is the type as it is).
    if (Object.keys(changes).length > 0) {
      await unique(() => tx.update(discussionTypes).set(changes).where(eq(discussionTypes.id, id)));
    }
    if (input.kind !== undefined && input.kind !== 'question' && type.kind === 'question') {
      await tx
        .update(discussions)
        .set({ acceptedAnswerId: null })
        .where(and(eq(discussions.typeId, id), sql`${discussions.acceptedAnswerId} is not null`));
    }
  });
  const [out] = await present(ctx.db, actor.organisationId, id);
  return out!;
}

/** Deletes a type no topic uses; never the organisation's last one (409 for both). */
export async function deleteType(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const type = await typeFor(tx, actor, id);
    // Every type of the organisation, locked: two deletions cannot both leave none.
    const all = await tx
      .select({ id: discussionTypes.id })
      .from(discussionTypes)
      .where(eq(discussionTypes.organisationId, type.organisationId))
      .for('update');
    if (all.length <= 1) throw conflict('An organisation keeps at least one discussion type.');
    const [used] = await tx
      .select({ id: discussions.id })
      .from(discussions)
      .where(eq(discussions.typeId, id))
      .limit(1);
    if (used) throw conflict('Topics use this type: rename it instead.');
    try {
      await tx.delete(discussionTypes).where(eq(discussionTypes.id, id));
    } catch (error) {
      // A topic of this type committed in between: the foreign key refuses, as the check would.
      if (postgresCode(error) === '23503')
        throw conflict('Topics use this type: rename it instead.');
      throw error;
    }
  });
}
