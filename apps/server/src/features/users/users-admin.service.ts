import {
  APPROVAL,
  ROLE_NAMES,
  type TAddUser,
  type TLicence,
  type TRoleId,
  type TUserAction,
  type TUserRow,
} from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import { withinOrganisation } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { SESSION_REVOKED } from '../../core/realtime/realtime.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments, designations, locations } from '../../schema/structure.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { createAccount, revokeAllTokens, sendWelcomeMail } from '../auth/index.ts';
import type { AccountActor, ProfileTarget } from '../profiles/index.ts';
import { settleSignupRequest } from './user-signup.approval.ts';
import { mayActOn, mayGrantRole, userAbilities } from './users.policy.ts';
import { memberSearchIds, USER_SEARCH_KIND } from './users.search.ts';
import {
  activeMemberCount,
  activeMemberCounts,
  findMember,
  listUsers,
  type UserFilter,
  type UserOrdering,
} from './users-admin.repository.ts';

/** The organisation an admin works on: their own; a superadmin may name another. */
export function targetOrganisation(auth: AuthContext, requested?: number): number {
  if (requested === undefined) return auth.organisationId;
  if (!withinOrganisation(auth, requested))
    throw forbidden('You can only manage users of your own organisation.');
  return requested;
}

/** 403 for a role above the caller's own (users.policy mayGrantRole). */
export function assertMayGrant(auth: AuthContext, role: number) {
  if (!mayGrantRole(auth, role))
    throw forbidden(`You cannot grant the ${ROLE_NAMES[role as TRoleId]} role.`);
}

/** 403 unless users.policy mayActOn: the caller administers the account, which is not theirs. */
function assertMayActOn(auth: AuthContext, target: ProfileTarget) {
  if (target.userId === auth.userId) throw forbidden('You cannot do this to your own account.');
  if (!mayActOn(auth, target)) throw forbidden();
}

/** A member of an organisation as the policies see them. */
const memberTarget = (
  organisationId: number,
  member: { id: number; roleId: number; isSuperadmin: boolean },
): ProfileTarget => ({
  userId: member.id,
  organisationId,
  roleId: member.roleId as TRoleId,
  isSuperadmin: member.isSuperadmin,
});

/** A page of the users list, each row with what the caller may do to that user. */
async function list(
  db: DbOrTx,
  auth: AccountActor,
  filter: UserFilter,
  ordering: UserOrdering,
  bounds: { limit: number; offset: number },
) {
  const page = await listUsers(db, filter, ordering, bounds);
  return {
    count: page.count,
    // Computed from the rows in hand: no query per user.
    rows: page.rows.map(({ isSuperadmin, ...row }) => ({
      ...row,
      abilities: userAbilities(
        auth,
        memberTarget(filter.organisationId, { ...row, roleId: row.role.id, isSuperadmin }),
      ),
    })),
  };
}

declare module '../../core/events/event-bus.ts' {
  interface DomainEvents {
    /** An admin approved an account that was awaiting approval. */
    'user.approved': { userId: number; organisationId: number; approvedBy: number };
    /**
     * An admin removed a person from an organisation. With the account deleted (it belonged
     * nowhere else) its rows went by cascade; otherwise what the person held in that
     * organisation alone (their standing on its leaderboards) is for its slices to clear.
     */
    'member.removed': {
      userId: number;
      organisationId: number;
      accountDeleted: boolean;
      removedBy: number;
    };
  }
}

export async function assertSeatAvailable(db: DbOrTx, organisationId: number, adding = 1) {
  const [org] = await db
    .select({ seats: organisations.licenceSeats })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!org) throw notFound('Organisation not found.');
  if (org.seats === null) return;
  const used = await activeMemberCount(db, organisationId);
  if (used + adding > org.seats) {
    throw conflict(
      `The organisation has ${org.seats} licence seats and ${used} are in use. Free seats or ask for more before adding users.`,
    );
  }
}

/** Department, designation and location must belong together and to the organisation. */
export async function checkPlacement(
  db: DbOrTx,
  organisationId: number,
  p: { department?: number; designation?: number; location?: number },
) {
  const errors: Record<string, string[]> = {};
  if (p.department) {
    const [d] = await db.select().from(departments).where(eq(departments.id, p.department));
    if (!d || d.organisationId !== organisationId)
      errors.department = ['Choose a department of this organisation.'];
  } else if (p.designation || p.location) {
    errors.department = ['Choose the department first.'];
  }
  if (p.designation) {
    const [d] = await db.select().from(designations).where(eq(designations.id, p.designation));
    if (!d || d.departmentId !== p.department)
      errors.designation = ['Choose a designation of the chosen department.'];
  }
  if (p.location) {
    const [l] = await db.select().from(locations).where(eq(locations.id, p.location));
    if (!l || l.departmentId !== p.department)
      errors.location = ['Choose a location of the chosen department.'];
  }
  if (Object.keys(errors).length > 0)
    throw badRequest('Invalid input. Please correct the fields listed.', errors);
}

export const usersAdmin = {
  list,

  async add(
    ctx: AppContext,
    auth: AuthContext,
    input: TAddUser,
    ip: string,
    photo?: Buffer,
  ): Promise<TUserRow> {
    const organisationId = targetOrganisation(auth, input.organization);
    assertMayGrant(auth, input.role);
    const withPassword = Boolean(input.password);
    const stored = photo
      ? await ctx.files.put(photo, {
          originalName: 'profile.webp',
          allowedExtensions: ['webp'],
          maxBytes: photo.length,
          prefix: 'profile-images',
        })
      : undefined;
    const created = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      await checkPlacement(tx, organisationId, input);
      await assertSeatAvailable(tx, organisationId);
      const user = await createAccount(tx, {
        username: input.username,
        email: input.email,
        // Without a password the account gets an unusable random one until the mailed link sets it.
        password: input.password || undefined,
        firstName: input.first_name,
        lastName: input.last_name,
        organisationId,
        roleId: input.role as TRoleId,
        active: true,
        approved: true,
      });
      await tx.insert(userProfiles).values({
        userId: user.id,
        departmentId: input.department ?? null,
        designationId: input.designation ?? null,
        locationId: input.location ?? null,
        photoKey: stored?.key ?? null,
      });
      emit('search.changed', {
        kind: USER_SEARCH_KIND,
        ids: await memberSearchIds(tx, [user.id]),
      });
      await recordAudit(tx, {
        action: 'user.created',
        actorId: auth.userId,
        targetUserId: user.id,
        organisationId,
        ip,
        details: { role: input.role },
      });
      return user;
    }).catch(async (err) => {
      // Refused: the stored photo must not outlive the user that was not created.
      if (stored) await ctx.files.delete(stored.key);
      throw err;
    });
    if (!withPassword) await sendWelcomeMail(ctx, created.id, organisationId);
    const page = await list(
      ctx.db,
      auth,
      { organisationId, search: created.username },
      'username',
      { limit: 50, offset: 0 },
    );
    return page.rows.find((r) => r.id === created.id)!;
  },

  async act(
    ctx: AppContext,
    auth: AuthContext,
    userId: number,
    action: TUserAction,
    ip: string,
    organization?: number,
  ) {
    const organisationId = targetOrganisation(auth, organization);
    const member = await findMember(ctx.db, userId, organisationId);
    if (!member) throw notFound('Could not get user detail');
    assertMayActOn(auth, memberTarget(organisationId, { ...member, id: userId }));
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      switch (action.action) {
        case 'approve':
          await tx
            .update(users)
            .set({ approvalStatus: APPROVAL.APPROVED, updatedAt: new Date() })
            .where(eq(users.id, userId));
          if (member.user.approvalStatus !== APPROVAL.APPROVED) {
            emit('user.approved', { userId, organisationId, approvedBy: auth.userId });
          }
          await settleSignupRequest(ctx, { tx, emit }, userId, 'approved', auth.userId);
          break;
        case 'reject':
          await tx
            .update(users)
            .set({ approvalStatus: APPROVAL.REJECTED, updatedAt: new Date() })
            .where(eq(users.id, userId));
          await revokeAllTokens(tx, userId);
          await settleSignupRequest(ctx, { tx, emit }, userId, 'rejected', auth.userId);
          break;
        case 'activate':
          if (!member.user.isActive) await assertSeatAvailable(tx, organisationId);
          await tx
            .update(users)
            .set({ isActive: true, updatedAt: new Date() })
            .where(eq(users.id, userId));
          break;
        case 'deactivate':
          await tx
            .update(users)
            .set({ isActive: false, updatedAt: new Date() })
            .where(eq(users.id, userId));
          // Deactivation ends every session at once.
          await revokeAllTokens(tx, userId);
          break;
        case 'change_role':
          assertMayGrant(auth, action.role);
          await tx
            .update(memberships)
            .set({ roleId: action.role, viewRoleId: action.role })
            .where(eq(memberships.id, member.membershipId));
          break;
      }
      await recordAudit(tx, {
        action: action.action === 'change_role' ? 'role.changed' : `user.${action.action}`,
        actorId: auth.userId,
        targetUserId: userId,
        organisationId: organisationId,
        ip,
        details:
          action.action === 'change_role' ? { from: member.roleId, to: action.role } : undefined,
      });
    });
    // Rejection and deactivation revoked every session: its open streams end now, on every node,
    // rather than at their next token check.
    if (action.action === 'reject' || action.action === 'deactivate') {
      await ctx.realtime.publish([userId], { type: SESSION_REVOKED });
    }
    const page = await list(
      ctx.db,
      auth,
      { organisationId: organisationId, search: member.user.username },
      'username',
      { limit: 50, offset: 0 },
    );
    return page.rows.find((r) => r.id === userId)!;
  },

  /** Removes the user from the organisation; the account goes too when it belongs nowhere else. */
  async remove(
    ctx: AppContext,
    auth: AuthContext,
    userId: number,
    ip: string,
    organization?: number,
  ) {
    const organisationId = targetOrganisation(auth, organization);
    const member = await findMember(ctx.db, userId, organisationId);
    if (!member) throw notFound('Could not get user detail');
    assertMayActOn(auth, memberTarget(organisationId, { ...member, id: userId }));
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      await tx.delete(memberships).where(eq(memberships.id, member.membershipId));
      emit('search.changed', { kind: USER_SEARCH_KIND, ids: [member.membershipId] });
      const others = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(eq(memberships.userId, userId));
      if (others.length === 0) await tx.delete(users).where(eq(users.id, userId));
      else await revokeAllTokens(tx, userId);
      emit('member.removed', {
        userId,
        organisationId,
        accountDeleted: others.length === 0,
        removedBy: auth.userId,
      });
      await recordAudit(tx, {
        action: 'user.removed',
        actorId: auth.userId,
        targetUserId: others.length === 0 ? null : userId,
        organisationId: organisationId,
        ip,
        details: { username: member.user.username, email: member.user.email, role: member.roleId },
      });
    });
    // Its sessions are gone (revoked, or deleted with the account): open streams end now.
    await ctx.realtime.publish([userId], { type: SESSION_REVOKED });
  },

  async licences(ctx: AppContext, auth: AuthContext, organisationId?: number): Promise<TLicence[]> {
    const rows = await ctx.db
      .select({
        id: organisations.id,
        title: organisations.title,
        acronym: organisations.acronym,
        seats: organisations.licenceSeats,
      })
      .from(organisations)
      .where(
        auth.isSuperadmin
          ? organisationId
            ? eq(organisations.id, organisationId)
            : undefined
          : eq(organisations.id, auth.organisationId),
      )
      .orderBy(organisations.title);
    const used = await activeMemberCounts(
      ctx.db,
      rows.map((o) => o.id),
    );
    return rows.map((o) => {
      const n = used.get(o.id) ?? 0;
      return {
        organization: { id: o.id, title: o.title, acronym: o.acronym },
        seats: o.seats,
        used: n,
        available: o.seats === null ? null : Math.max(0, o.seats - n),
      };
    });
  },

  async setSeats(
    ctx: AppContext,
    auth: AuthContext,
    organisationId: number,
    seats: number | null,
    ip: string,
  ) {
    const [org] = await ctx.db
      .update(organisations)
      .set({ licenceSeats: seats, updatedAt: new Date() })
      .where(eq(organisations.id, organisationId))
      .returning({ id: organisations.id });
    if (!org) throw notFound('Organisation not found.');
    await recordAudit(ctx.db, {
      action: 'licence.changed',
      actorId: auth.userId,
      organisationId,
      ip,
      details: { seats },
    });
    return (await usersAdmin.licences(ctx, auth, organisationId))[0]!;
  },
};
