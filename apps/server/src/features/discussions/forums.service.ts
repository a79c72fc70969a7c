import type {
  TForum,
  TForumCreate,
  TForumQuery,
  TForumSubscriptionMode,
  TForumUpdate,
} from '@atrium/contract';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, fieldConflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { pageBounds } from '../../core/http/pagination.ts';
import { discussionAnswers, discussions } from '../../schema/discussions.table.ts';
import { forumSubscriptions, forums } from '../../schema/forums.table.ts';
import { attachmentKeysOfThreads, discardFiles } from './discussions.attachments.ts';
import { standingIn } from './discussions.scopes.ts';
import { forumFor, forumRef, forumsReadableTo } from './forums.access.ts';
import {
  canManageForum,
  canReadForum,
  effectiveSubscription,
  modeLetsChoose,
} from './forums.policy.ts';
import { presentForum, selectForums, toForum } from './forums.present.ts';

/** Forums: list, read, create, change, delete, and the caller's subscription. */

const SLUG_TAKEN = 'Another forum of the organisation already uses this slug.';
/** Threads per `search.changed` when a forum's many threads change at once. */
const SEARCH_BATCH = 1_000;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/forum/: the forums the caller may read, by name. */
export async function listForums(
  db: DbOrTx,
  actor: Actor,
  q: TForumQuery,
): Promise<{ count: number; rows: TForum[] }> {
  const where: (SQL | undefined)[] = [forumsReadableTo(actor)];
  if (q.search) {
    where.push(sql`lower(${forums.name}) like ${`%${likeEscape(q.search.toLowerCase())}%`}`);
  }
  if (q.scope !== undefined) where.push(eq(forums.scope, q.scope));
  if (q.scope_id !== undefined) where.push(eq(forums.courseId, q.scope_id));
  const filter = and(...where)!;
  const { limit, offset } = pageBounds(q);
  const [rows, [counted]] = await Promise.all([
    selectForums(db, actor)
      .where(filter)
      .orderBy(asc(sql`lower(${forums.name})`), asc(forums.id))
      .limit(limit)
      .offset(offset),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${forums} where ${filter}`),
  ]);
  return { count: Number(counted?.n ?? 0), rows: rows.map((r) => toForum(actor, r)) };
}

/** GET /api/forum/:slug/. */
export async function forumDetail(ctx: AppContext, actor: Actor, slug: string): Promise<TForum> {
  const c = await forumFor(ctx.db, actor, slug);
  return presentForum(ctx.db, actor, c.forum.id);
}

/** Lower-case ASCII words joined by hyphens, at most 50 characters ('forum' when none is left). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 50)
    .replace(/^-+|-+$/g, '');
  return slug || 'forum';
}

/** The name's slug, numbered (`general-2`, ...) past those the organisation already uses. */
async function freeSlug(db: DbOrTx, organisationId: number, name: string): Promise<string> {
  const base = slugify(name);
  const taken = await db
    .select({ slug: forums.slug })
    .from(forums)
    .where(
      and(
        eq(forums.organisationId, organisationId),
        sql`(${forums.slug} = ${base} or ${forums.slug} like ${`${likeEscape(base)}-%`})`,
      ),
    );
  const used = new Set(taken.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function assertSlugFree(db: DbOrTx, organisationId: number, slug: string, except?: number) {
  const [row] = await db
    .select({ id: forums.id })
    .from(forums)
    .where(
      and(
        eq(forums.organisationId, organisationId),
        eq(forums.slug, slug),
        except === undefined ? undefined : ne(forums.id, except),
      ),
    );
  if (row) throw fieldConflict('slug', SLUG_TAKEN);
}

/**
 * POST /api/forum/: admins in the organisation; admins and the course's managers in a course
 * (404 for a course the caller cannot read, 403 when they only take part in it).
 */
export async function createForum(
  ctx: AppContext,
  actor: Actor,
  input: TForumCreate,
): Promise<TForum> {
  const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const courseId = input.scope === 'course' ? (input.scope_id ?? null) : null;
    const ref = forumRef({ organisationId: actor.organisationId, scope: input.scope, courseId });
    const standing = await standingIn(tx, actor, ref);
    const facts = {
      organisationId: actor.organisationId,
      scope: input.scope,
      mode: input.subscription_mode,
    };
    if (!standing || !canReadForum(actor, facts, standing)) throw notFound('Course not found.');
    if (!canManageForum(actor, facts, standing)) {
      throw forbidden(
        input.scope === 'course'
          ? "Only the course's managers can create its forums."
          : 'Only admins can create forums of the organisation.',
      );
    }
    let slug = input.slug;
    if (slug === undefined) slug = await freeSlug(tx, actor.organisationId, input.name);
    else await assertSlugFree(tx, actor.organisationId, slug);
    const [row] = await tx
      .insert(forums)
      .values({
        organisationId: actor.organisationId,
        scope: input.scope,
        courseId,
        slug,
        name: input.name,
        description: input.description,
        subscriptionMode: input.subscription_mode,
        createdBy: actor.userId,
      })
      .returning({ id: forums.id });
    await recordAudit(tx, {
      action: 'forum.created',
      actorId: actor.userId,
      organisationId: actor.organisationId,
      details: { forumId: row!.id, slug, name: input.name, scope: input.scope, courseId },
    });
    return row!.id;
  });
  return presentForum(ctx.db, actor, id);
}

/** PATCH /api/forum/:slug/: its managers; a new slug must be free (409). Changes are audited. */
export async function updateForum(
  ctx: AppContext,
  actor: Actor,
  slug: string,
  input: TForumUpdate,
): Promise<TForum> {
  const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const c = await forumFor(tx, actor, slug, { lock: true });
    const f = c.forum;
    if (!canManageForum(actor, c.facts, c.standing)) {
      throw forbidden("Only admins and the course's managers can change a forum.");
    }
    if (input.slug !== undefined && input.slug !== f.slug) {
      await assertSlugFree(tx, f.organisationId, input.slug, f.id);
    }
    const changes = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.slug === undefined ? {} : { slug: input.slug }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.subscription_mode === undefined
        ? {}
        : { subscriptionMode: input.subscription_mode }),
    };
    // The subscription rows stay whatever the mode: they matter again if it changes back.
    await tx
      .update(forums)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(forums.id, f.id));
    await recordAudit(tx, {
      action: 'forum.updated',
      actorId: actor.userId,
      organisationId: f.organisationId,
      details: { forumId: f.id, slug: f.slug, changes: input },
    });
    // Its threads' search results name the forum: renamed, they are reread.
    if (input.name !== undefined && input.name !== f.name) {
      const threads = await tx
        .select({ id: discussions.id })
        .from(discussions)
        .where(eq(discussions.forumId, f.id));
      for (let i = 0; i < threads.length; i += SEARCH_BATCH) {
        const ids = threads.slice(i, i + SEARCH_BATCH).map((r) => r.id);
        emit('search.changed', { kind: 'discussion', ids });
      }
    }
    return f.id;
  });
  return presentForum(ctx.db, actor, id);
}

/** DELETE /api/forum/:slug/: its managers; its threads, their answers and files go with it. */
export async function removeForum(ctx: AppContext, actor: Actor, slug: string): Promise<void> {
  const keys = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const c = await forumFor(tx, actor, slug, { lock: true });
    const f = c.forum;
    if (!canManageForum(actor, c.facts, c.standing)) {
      throw forbidden("Only admins and the course's managers can delete a forum.");
    }
    const threads = (
      await tx.select({ id: discussions.id }).from(discussions).where(eq(discussions.forumId, f.id))
    ).map((r) => r.id);
    const found = await attachmentKeysOfThreads(tx, threads);
    if (threads.length > 0) {
      // Accepted answers point back at the threads' answers: cleared first, as removeTopic does.
      await tx
        .update(discussions)
        .set({ acceptedAnswerId: null })
        .where(inArray(discussions.id, threads));
      await tx.delete(discussionAnswers).where(inArray(discussionAnswers.discussionId, threads));
      await tx.delete(discussions).where(inArray(discussions.id, threads));
      for (let i = 0; i < threads.length; i += SEARCH_BATCH) {
        emit('search.changed', { kind: 'discussion', ids: threads.slice(i, i + SEARCH_BATCH) });
      }
    }
    await tx.delete(forums).where(eq(forums.id, f.id));
    await recordAudit(tx, {
      action: 'forum.deleted',
      actorId: actor.userId,
      organisationId: f.organisationId,
      details: { forumId: f.id, slug: f.slug, name: f.name, threads: threads.length },
    });
    return found;
  });
  await discardFiles(ctx, keys);
}

const MODE_REFUSES: Partial<Record<TForumSubscriptionMode, string>> = {
  forced: 'Everyone is subscribed to this forum: it cannot be left.',
  off: 'Notifications are off for this forum.',
};

/** POST /api/forum/:slug/subscription/: the caller's own choice (409 when forced or off). */
export async function setSubscription(
  ctx: AppContext,
  actor: Actor,
  slug: string,
  subscribed: boolean,
): Promise<{ subscribed: boolean }> {
  const c = await forumFor(ctx.db, actor, slug);
  const mode = c.forum.subscriptionMode;
  if (!modeLetsChoose(mode)) throw conflict(MODE_REFUSES[mode] ?? 'Not possible.');
  await ctx.db
    .insert(forumSubscriptions)
    .values({ forumId: c.forum.id, userId: actor.userId, subscribed })
    .onConflictDoUpdate({
      target: [forumSubscriptions.forumId, forumSubscriptions.userId],
      set: { subscribed, updatedAt: new Date() },
    });
  return { subscribed: effectiveSubscription(mode, subscribed) };
}
