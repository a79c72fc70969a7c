import { ROLE, type TDelegation, type TDelegationCreate } from '@atrium/contract';
import { and, desc, eq, gt, or } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { badRequest, forbidden, notFound } from '../../core/errors/app-error.ts';
import { approvalDelegations } from '../../schema/approvals.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { canConfigure, canDelegate } from './approvals.policy.ts';
import { peopleById } from './approvals.queries.ts';

/**
 * Delegation while an approver is away: between the two times the delegate decides whatever
 * waits for the approver (approvals.transitions activeDelegators). Delegations stay within one
 * organisation, between its staff.
 */

type Row = typeof approvalDelegations.$inferSelect;

async function views(db: DbOrTx, rows: Row[]): Promise<TDelegation[]> {
  const people = await peopleById(
    db,
    rows.flatMap((r) => [r.userId, r.delegateId]),
  );
  const person = (id: number) => people.get(id) ?? { id, fullname: '' };
  return rows.map((r) => ({
    id: r.id,
    user: person(r.userId),
    delegate: person(r.delegateId),
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    created_at: r.createdAt.toISOString(),
  }));
}

/** Active staff of the organisation; someone of another organisation is a 404 (not theirs to name). */
async function assertStaffOf(db: DbOrTx, organisationId: number, userId: number, field: string) {
  const [row] = await db
    .select({ roleId: memberships.roleId, isActive: users.isActive })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
  if (!row) throw notFound('User not found.');
  if (row.roleId === ROLE.LEARNER || !row.isActive) {
    const message = 'Choose an active admin or trainer of this organisation.';
    throw badRequest(message, { [field]: [message] });
  }
}

export const delegations = {
  /** Not ended yet: the caller's own both ways, or every one of the organisation for admins. */
  async list(ctx: AppContext, auth: AuthContext) {
    const org = auth.organisationId;
    const rows = await ctx.db
      .select()
      .from(approvalDelegations)
      .where(
        and(
          eq(approvalDelegations.organisationId, org),
          gt(approvalDelegations.endsAt, new Date()),
          canConfigure(auth, org)
            ? undefined
            : or(
                eq(approvalDelegations.userId, auth.userId),
                eq(approvalDelegations.delegateId, auth.userId),
              ),
        ),
      )
      .orderBy(desc(approvalDelegations.startsAt))
      .limit(200);
    return { results: await views(ctx.db, rows) };
  },

  async create(ctx: AppContext, auth: AuthContext, body: TDelegationCreate, ip?: string) {
    if (!canDelegate(auth)) throw forbidden('Only approvers can delegate their approvals.');
    const org = auth.organisationId;
    const userId = body.user ?? auth.userId;
    if (userId !== auth.userId && !canConfigure(auth, org)) {
      throw forbidden('Only an admin can set a delegation for someone else.');
    }
    if (userId !== auth.userId) await assertStaffOf(ctx.db, org, userId, 'user');
    if (body.delegate === userId) {
      const message = 'Choose someone else to decide in your place.';
      throw badRequest(message, { delegate: [message] });
    }
    await assertStaffOf(ctx.db, org, body.delegate, 'delegate');
    const endsAt = new Date(body.ends_at);
    if (endsAt.getTime() <= Date.now()) {
      const message = 'The end must be in the future.';
      throw badRequest(message, { ends_at: [message] });
    }
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(approvalDelegations)
        .values({
          organisationId: org,
          userId,
          delegateId: body.delegate,
          startsAt: new Date(body.starts_at),
          endsAt,
          createdBy: auth.userId,
        })
        .returning();
      await recordAudit(tx, {
        action: 'approval.delegated',
        actorId: auth.userId,
        organisationId: org,
        ip,
        details: { user: userId, delegate: body.delegate, from: body.starts_at, to: body.ends_at },
      });
      return created!;
    });
    const [view] = await views(ctx.db, [row]);
    return view!;
  },

  async remove(ctx: AppContext, auth: AuthContext, id: number, ip?: string) {
    const [row] = await ctx.db
      .select()
      .from(approvalDelegations)
      .where(eq(approvalDelegations.id, id));
    const mayEnd =
      row &&
      row.organisationId === auth.organisationId &&
      (row.userId === auth.userId || canConfigure(auth, row.organisationId));
    if (!row || !mayEnd) throw notFound('Delegation not found.');
    await ctx.db.transaction(async (tx) => {
      await tx.delete(approvalDelegations).where(eq(approvalDelegations.id, id));
      await recordAudit(tx, {
        action: 'approval.delegated',
        actorId: auth.userId,
        organisationId: row.organisationId,
        ip,
        details: { ended: id, user: row.userId, delegate: row.delegateId },
      });
    });
  },
};
