import type { TBlogAuthor, TBlogAuthorPage, TPageQuery } from '@atrium/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import { toPage } from '../../core/http/pagination.ts';
import { blogAuthors } from '../../schema/blogs.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { photoUrl } from '../profiles/index.ts';

/**
 * The organisation's permitted authors, kept by its admins (the routes allow admins only; a
 * superadmin acts in the organisation they signed in to). Granting and revoking are audited.
 * Revoking keeps the person's posts: they stay the organisation's, edited by admins from then on.
 */

const INVALID = 'Invalid input. Please correct the fields listed.';
const fullname = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

function selectAuthors(db: DbOrTx, organisationId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      fullname,
      photo: userProfiles.photoKey,
      grantedAt: blogAuthors.createdAt,
    })
    .from(blogAuthors)
    .innerJoin(users, eq(users.id, blogAuthors.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, blogAuthors.userId))
    .where(eq(blogAuthors.organisationId, organisationId))
    .$dynamic();
}

type AuthorRow = Awaited<ReturnType<typeof selectAuthors>>[number];

const present = (r: AuthorRow): TBlogAuthor => ({
  user: { id: r.id, username: r.username, fullname: r.fullname, image: photoUrl(r.id, r.photo) },
  granted_at: r.grantedAt.toISOString(),
});

export async function listAuthors(
  ctx: AppContext,
  actor: Actor,
  q: TPageQuery,
  requestUrl: string,
): Promise<TBlogAuthorPage> {
  const org = actor.organisationId;
  const [rows, counted] = await Promise.all([
    selectAuthors(ctx.db, org)
      .orderBy(asc(fullname), asc(users.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(blogAuthors).where(eq(blogAuthors.organisationId, org)),
  ]);
  return toPage(requestUrl, q, Number(counted[0]?.n ?? 0), rows.map(present));
}

/** POST /api/blogs/authors/: a member of the organisation (anyone else: 400 on user_id). */
export async function grantAuthor(
  ctx: AppContext,
  actor: Actor,
  userId: number,
): Promise<TBlogAuthor> {
  const org = actor.organisationId;
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const [member] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.organisationId, org), eq(memberships.userId, userId)));
    if (!member) {
      throw badRequest(INVALID, { user_id: ['Choose a member of this organisation.'] });
    }
    const inserted = await tx
      .insert(blogAuthors)
      .values({ organisationId: org, userId, grantedBy: actor.userId })
      .onConflictDoNothing()
      .returning({ userId: blogAuthors.userId });
    // Granting again changes nothing and is not audited twice.
    if (inserted.length > 0) {
      await recordAudit(tx, {
        action: 'blog.author_granted',
        actorId: actor.userId,
        targetUserId: userId,
        organisationId: org,
      });
    }
  });
  const [row] = await selectAuthors(ctx.db, org).where(
    and(eq(blogAuthors.organisationId, org), eq(blogAuthors.userId, userId)),
  );
  return present(row!);
}

/** DELETE /api/blogs/authors/{userId}/: 404 when they are not a permitted author here. */
export async function revokeAuthor(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  const org = actor.organisationId;
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const removed = await tx
      .delete(blogAuthors)
      .where(and(eq(blogAuthors.organisationId, org), eq(blogAuthors.userId, userId)))
      .returning({ userId: blogAuthors.userId });
    if (removed.length === 0) throw notFound('This person is not a blog author here.');
    await recordAudit(tx, {
      action: 'blog.author_revoked',
      actorId: actor.userId,
      targetUserId: userId,
      organisationId: org,
    });
  });
}
