import type { TEventType, TEventTypeInput, TEventTypeUpdate } from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { fieldConflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { postgresCode } from '../../core/errors/error-handler.ts';
import { eventTypes } from '../../schema/events.table.ts';
import { canManageEventTypes } from './events.policy.ts';

/** Event types (webinar, workshop...): the organisation's list, kept by its admins. */

const TYPE_NOT_FOUND = 'Event type not found.';
const NAME_TAKEN = 'An event type with this name already exists.';

const present = (t: typeof eventTypes.$inferSelect): TEventType => ({
  id: t.id,
  name: t.name,
  colour: t.colour,
});

export async function listEventTypes(ctx: AppContext, auth: AuthContext): Promise<TEventType[]> {
  const rows = await ctx.db
    .select()
    .from(eventTypes)
    .where(eq(eventTypes.organisationId, auth.organisationId))
    .orderBy(asc(sql`lower(${eventTypes.name})`), asc(eventTypes.id));
  return rows.map(present);
}

async function nameTaken(ctx: AppContext, organisationId: number, name: string, except?: number) {
  const [row] = await ctx.db
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .where(
      and(
        eq(eventTypes.organisationId, organisationId),
        sql`lower(${eventTypes.name}) = lower(${name})`,
        except === undefined ? undefined : sql`${eventTypes.id} <> ${except}`,
      ),
    );
  return row !== undefined;
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

export async function createEventType(
  ctx: AppContext,
  auth: AuthContext,
  input: TEventTypeInput,
): Promise<TEventType> {
  if (!canManageEventTypes(auth, auth.organisationId)) throw forbidden();
  if (await nameTaken(ctx, auth.organisationId, input.name))
    throw fieldConflict('name', NAME_TAKEN);
  const [row] = await unique(() =>
    ctx.db
      .insert(eventTypes)
      .values({
        organisationId: auth.organisationId,
        name: input.name,
        ...(input.colour ? { colour: input.colour.toLowerCase() } : {}),
      })
      .returning(),
  );
  return present(row!);
}

async function typeFor(ctx: AppContext, auth: AuthContext, id: number) {
  const [row] = await ctx.db.select().from(eventTypes).where(eq(eventTypes.id, id));
  // Another organisation's type does not exist for the caller.
  if (!row || row.organisationId !== auth.organisationId) throw notFound(TYPE_NOT_FOUND);
  if (!canManageEventTypes(auth, row.organisationId)) throw forbidden();
  return row;
}

export async function updateEventType(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: TEventTypeUpdate,
): Promise<TEventType> {
  const type = await typeFor(ctx, auth, id);
  if (input.name && (await nameTaken(ctx, type.organisationId, input.name, type.id))) {
    throw fieldConflict('name', NAME_TAKEN);
  }
  const set = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.colour === undefined ? {} : { colour: input.colour.toLowerCase() }),
  };
  if (Object.keys(set).length === 0) return present(type);
  const [row] = await unique(() =>
    ctx.db.update(eventTypes).set(set).where(eq(eventTypes.id, type.id)).returning(),
  );
  return present(row!);
}

/** Its events stay, untyped (the foreign key sets theirs to null). */
export async function removeEventType(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<void> {
  const type = await typeFor(ctx, auth, id);
  await ctx.db.delete(eventTypes).where(eq(eventTypes.id, type.id));
}
