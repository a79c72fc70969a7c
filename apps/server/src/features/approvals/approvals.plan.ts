import { ROLE } from '@atrium/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { ApprovalKind } from '../../core/approval-kind.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import {
  approvalApprovers,
  approvalModules,
  type PlanLevel,
} from '../../schema/approvals.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments } from '../../schema/structure.table.ts';
import { memberships, users } from '../../schema/users.table.ts';

export type ModuleSettings = typeof approvalModules.$inferSelect;

/** The organisation's settings of a kind, or undefined while it keeps the kind's defaults. */
export async function moduleSettings(db: DbOrTx, organisationId: number, kind: string) {
  const [row] = await db
    .select()
    .from(approvalModules)
    .where(and(eq(approvalModules.organisationId, organisationId), eq(approvalModules.kind, kind)));
  return row;
}

/** The kind's default levels as a plan. */
export const defaultPlan = (kind: ApprovalKind): PlanLevel[] =>
  kind.defaultLevels.map((level) => level.map((type) => ({ type, userId: null })));

/**
 * The levels a new request follows: the organisation's approvers once it named any (levels in
 * order, gaps closed: levels 1 and 3 are the first and second), else the kind's defaults.
 */
export async function planFor(
  db: DbOrTx,
  kind: ApprovalKind,
  settings: ModuleSettings | undefined,
): Promise<PlanLevel[]> {
  if (!settings?.customApprovers) return defaultPlan(kind);
  const rows = await db
    .select()
    .from(approvalApprovers)
    .where(eq(approvalApprovers.moduleId, settings.id))
    .orderBy(asc(approvalApprovers.level), asc(approvalApprovers.id));
  const byLevel = new Map<number, PlanLevel>();
  for (const r of rows) {
    byLevel.set(r.level, [...(byLevel.get(r.level) ?? []), { type: r.type, userId: r.userId }]);
  }
  const plan = [...byLevel.values()];
  // Every approver removed: nobody was named, so the defaults hold again.
  return plan.length > 0 ? plan : defaultPlan(kind);
}

/** Active admins of the organisation: "any admin", and the fallback of a level nobody can decide. */
export async function adminsOf(db: DbOrTx, organisationId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        eq(memberships.roleId, ROLE.ADMIN),
        eq(users.isActive, true),
      ),
    );
  return rows.map((r) => r.userId);
}

/** Of these users, the active members of the organisation. */
async function activeMembers(db: DbOrTx, organisationId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        inArray(memberships.userId, ids),
        eq(users.isActive, true),
        ne(memberships.roleId, ROLE.LEARNER),
      ),
    );
  return rows.map((r) => r.userId);
}

/** The head of the requester's department in this organisation, if it has one. */
async function departmentHead(db: DbOrTx, organisationId: number, requesterId: number) {
  const [row] = await db
    .select({ head: departments.headUserId })
    .from(userProfiles)
    .innerJoin(departments, eq(departments.id, userProfiles.departmentId))
    .where(
      and(eq(userProfiles.userId, requesterId), eq(departments.organisationId, organisationId)),
    );
  return row?.head ?? null;
}

export interface LevelContext {
  organisationId: number;
  requesterId: number;
  ownerId: number | null;
}

/**
 * The people who decide one level, resolved now: relationships become people when the request
 * reaches the level, so a department head changed meanwhile is the one asked. Named approvers and
 * relationships count only while they are active staff of the organisation, and nobody decides
 * their own request. A level nobody can decide (no head, owner gone) goes to the organisation's
 * admins rather than waiting forever; `fallback` says so.
 */
export async function resolveLevel(
  db: DbOrTx,
  level: PlanLevel,
  ctx: LevelContext,
): Promise<{ userIds: number[]; fallback: boolean }> {
  const candidates = new Set<number>();
  for (const approver of level) {
    if (approver.type === 'user' && approver.userId) candidates.add(approver.userId);
    if (approver.type === 'owner' && ctx.ownerId) candidates.add(ctx.ownerId);
    if (approver.type === 'department_head') {
      const head = await departmentHead(db, ctx.organisationId, ctx.requesterId);
      if (head) candidates.add(head);
    }
    if (approver.type === 'any_admin') {
      for (const id of await adminsOf(db, ctx.organisationId)) candidates.add(id);
    }
  }
  candidates.delete(ctx.requesterId);
  const userIds = await activeMembers(db, ctx.organisationId, [...candidates]);
  if (userIds.length > 0) return { userIds, fallback: false };
  const admins = (await adminsOf(db, ctx.organisationId)).filter((id) => id !== ctx.requesterId);
  return { userIds: admins, fallback: true };
}
