import {
  ROLE,
  type TApprovalModule,
  type TApprovalModuleUpdate,
  type TApprover,
  type TApproverCreate,
  type TApproverUpdate,
} from '@atrium/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { ApprovalKind } from '../../core/approval-kind.ts';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx, Tx } from '../../core/db/database.ts';
import { badRequest, forbidden, notFound } from '../../core/errors/app-error.ts';
import {
  approvalApprovers,
  approvalModules,
  approvalRequests,
} from '../../schema/approvals.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { defaultPlan, type ModuleSettings } from './approvals.plan.ts';
import { canConfigure } from './approvals.policy.ts';
import { peopleById } from './approvals.queries.ts';

/**
 * The admins' side of the approval flows: per organisation and kind, whether approval is
 * needed, the rules of rejection, expiry and escalation, and the approvers level by level.
 */

/** The organisation a caller configures: their own, or the one a superadmin names. */
function organisationOf(auth: AuthContext, requested?: number): number {
  const organisationId = requested ?? auth.organisationId;
  if (!canConfigure(auth, organisationId)) {
    throw forbidden("Only the organisation's admins configure its approval flows.");
  }
  return organisationId;
}

function kindOf(ctx: AppContext, key: string): ApprovalKind {
  const kind = ctx.approvalKinds.get(key);
  if (!kind) {
    const message = 'Enter a valid approval module.';
    throw badRequest(message, { module: [message] });
  }
  return kind;
}

async function ensureModule(tx: Tx, organisationId: number, kind: string, userId: number) {
  const [row] = await tx
    .insert(approvalModules)
    .values({ organisationId, kind, updatedBy: userId })
    .onConflictDoUpdate({
      target: [approvalModules.organisationId, approvalModules.kind],
      set: { updatedAt: new Date() },
    })
    .returning();
  return row!;
}

function moduleView(
  kind: ApprovalKind,
  settings: ModuleSettings | undefined,
  approvers: TApprover[],
  pending: number,
): TApprovalModule {
  const custom = settings?.customApprovers === true;
  return {
    kind: kind.kind,
    label: kind.label,
    description: kind.description,
    enabled: settings?.enabled ?? true,
    reject_reason_required: settings?.rejectReasonRequired ?? false,
    expiry_days: settings?.expiryDays ?? null,
    escalation_days: settings?.escalationDays ?? null,
    escalate_to: settings?.escalateTo ?? 'next_level',
    approver_types: ['user', ...kind.approverTypes],
    approvers: custom
      ? approvers
      : defaultPlan(kind).flatMap((level, i) =>
          level.map((a) => ({ id: 0, module: kind.kind, level: i + 1, type: a.type, user: null })),
        ),
    default_approvers: !custom,
    pending_count: pending,
  };
}

async function approverViews(
  db: DbOrTx,
  rows: (typeof approvalApprovers.$inferSelect)[],
  kind: string,
) {
  const people = await peopleById(
    db,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    module: kind,
    level: r.level,
    type: r.type,
    user: r.userId ? (people.get(r.userId) ?? null) : null,
  }));
}

/**
 * A named approver must be active staff of the organisation (learners decide nothing); someone
 * of another organisation does not exist for the caller (404).
 */
async function assertApprover(db: DbOrTx, organisationId: number, userId: number) {
  const [row] = await db
    .select({ roleId: memberships.roleId, isActive: users.isActive })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
  if (!row) throw notFound('User not found.');
  if (row.roleId === ROLE.LEARNER || !row.isActive) {
    const message = 'Choose an active admin or trainer of this organisation.';
    throw badRequest(message, { user: [message] });
  }
}

export const approvalSettings = {
  async modules(ctx: AppContext, auth: AuthContext, organization?: number) {
    const organisationId = organisationOf(auth, organization);
    const [settings, approvers, pending] = await Promise.all([
      ctx.db
        .select()
        .from(approvalModules)
        .where(eq(approvalModules.organisationId, organisationId)),
      ctx.db
        .select({ a: approvalApprovers, kind: approvalModules.kind })
        .from(approvalApprovers)
        .innerJoin(approvalModules, eq(approvalModules.id, approvalApprovers.moduleId))
        .where(eq(approvalModules.organisationId, organisationId))
        .orderBy(asc(approvalApprovers.level), asc(approvalApprovers.id)),
      ctx.db
        .select({ kind: approvalRequests.kind, n: count() })
        .from(approvalRequests)
        .where(
          and(
            eq(approvalRequests.organisationId, organisationId),
            eq(approvalRequests.status, 'pending'),
          ),
        )
        .groupBy(approvalRequests.kind),
    ]);
    const results: TApprovalModule[] = [];
    for (const kind of ctx.approvalKinds.values()) {
      const rows = approvers.filter((a) => a.kind === kind.kind).map((a) => a.a);
      results.push(
        moduleView(
          kind,
          settings.find((s) => s.kind === kind.kind),
          await approverViews(ctx.db, rows, kind.kind),
          pending.find((p) => p.kind === kind.kind)?.n ?? 0,
        ),
      );
    }
    return { results };
  },

  async updateModule(ctx: AppContext, auth: AuthContext, body: TApprovalModuleUpdate, ip?: string) {
    const organisationId = organisationOf(auth, body.organization);
    const kind = kindOf(ctx, body.kind);
    await ctx.db.transaction(async (tx) => {
      const row = await ensureModule(tx, organisationId, kind.kind, auth.userId);
      await tx
        .update(approvalModules)
        .set({
          enabled: body.enabled ?? row.enabled,
          rejectReasonRequired: body.reject_reason_required ?? row.rejectReasonRequired,
          expiryDays: body.expiry_days === undefined ? row.expiryDays : body.expiry_days,
          escalationDays:
            body.escalation_days === undefined ? row.escalationDays : body.escalation_days,
          escalateTo: body.escalate_to ?? row.escalateTo,
          updatedBy: auth.userId,
          updatedAt: new Date(),
        })
        .where(eq(approvalModules.id, row.id));
      const { kind: _k, organization: _o, ...changes } = body;
      await recordAudit(tx, {
        action: 'approval.settings_changed',
        actorId: auth.userId,
        organisationId,
        ip,
        details: { module: kind.kind, ...changes },
      });
    });
    const { results } = await approvalSettings.modules(ctx, auth, organisationId);
    return results.find((m) => m.kind === kind.kind)!;
  },

  async approvers(ctx: AppContext, auth: AuthContext, key: string, organization?: number) {
    const organisationId = organisationOf(auth, organization);
    const { results } = await approvalSettings.modules(ctx, auth, organisationId);
    kindOf(ctx, key);
    return { results: results.find((m) => m.kind === key)?.approvers ?? [] };
  },

  /**
   * The first approver an organisation names replaces the kind's defaults (the settings show the
   * defaults read-only and say so); removing the last one brings the defaults back.
   */
  async addApprover(ctx: AppContext, auth: AuthContext, body: TApproverCreate, ip?: string) {
    const organisationId = organisationOf(auth, body.organization);
    const kind = kindOf(ctx, body.module);
    if (body.type !== 'user' && !kind.approverTypes.includes(body.type)) {
      const message = `${kind.label} cannot be approved by that relationship.`;
      throw badRequest(message, { type: [message] });
    }
    if (body.user) await assertApprover(ctx.db, organisationId, body.user);
    const id = await ctx.db.transaction(async (tx) => {
      const module = await ensureModule(tx, organisationId, kind.kind, auth.userId);
      if (!module.customApprovers) {
        await tx
          .update(approvalModules)
          .set({ customApprovers: true })
          .where(eq(approvalModules.id, module.id));
      }
      const [row] = await tx
        .insert(approvalApprovers)
        .values({
          moduleId: module.id,
          level: body.level,
          type: body.type,
          userId: body.type === 'user' ? (body.user ?? null) : null,
        })
        .returning({ id: approvalApprovers.id });
      await recordAudit(tx, {
        action: 'approval.settings_changed',
        actorId: auth.userId,
        organisationId,
        ip,
        details: {
          module: kind.kind,
          added: { level: body.level, type: body.type, user: body.user },
        },
      });
      return row!.id;
    });
    return approverById(ctx, auth, id);
  },

  async updateApprover(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    body: TApproverUpdate,
    ip?: string,
  ) {
    const found = await approverRow(ctx.db, auth, id);
    const kind = kindOf(ctx, found.kind);
    const type = body.type ?? found.a.type;
    const userId = type === 'user' ? (body.user ?? found.a.userId) : null;
    if (type !== 'user' && !kind.approverTypes.includes(type)) {
      const message = `${kind.label} cannot be approved by that relationship.`;
      throw badRequest(message, { type: [message] });
    }
    if (type === 'user') {
      if (!userId) {
        const message = 'Name the user who approves.';
        throw badRequest(message, { user: [message] });
      }
      await assertApprover(ctx.db, found.organisationId, userId);
    }
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(approvalApprovers)
        .set({ level: body.level ?? found.a.level, type, userId })
        .where(eq(approvalApprovers.id, id));
      await recordAudit(tx, {
        action: 'approval.settings_changed',
        actorId: auth.userId,
        organisationId: found.organisationId,
        ip,
        details: { module: found.kind, approver: id, changed: body },
      });
    });
    return approverById(ctx, auth, id);
  },

  async removeApprover(ctx: AppContext, auth: AuthContext, id: number, ip?: string) {
    const found = await approverRow(ctx.db, auth, id);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(approvalApprovers).where(eq(approvalApprovers.id, id));
      // The last one gone: the kind's defaults apply again, and the settings say so.
      const [left] = await tx
        .select({ n: count() })
        .from(approvalApprovers)
        .where(eq(approvalApprovers.moduleId, found.a.moduleId));
      if ((left?.n ?? 0) === 0) {
        await tx
          .update(approvalModules)
          .set({ customApprovers: false, updatedBy: auth.userId, updatedAt: new Date() })
          .where(eq(approvalModules.id, found.a.moduleId));
      }
      await recordAudit(tx, {
        action: 'approval.settings_changed',
        actorId: auth.userId,
        organisationId: found.organisationId,
        ip,
        details: { module: found.kind, removed: { level: found.a.level, type: found.a.type } },
      });
    });
  },
};

/** An approver row of an organisation the caller configures; any other is a 404. */
async function approverRow(db: DbOrTx, auth: AuthContext, id: number) {
  const [row] = await db
    .select({
      a: approvalApprovers,
      kind: approvalModules.kind,
      organisationId: approvalModules.organisationId,
    })
    .from(approvalApprovers)
    .innerJoin(approvalModules, eq(approvalModules.id, approvalApprovers.moduleId))
    .where(eq(approvalApprovers.id, id));
  if (!row || !canConfigure(auth, row.organisationId)) throw notFound('Approver not found.');
  return row;
}

async function approverById(ctx: AppContext, auth: AuthContext, id: number): Promise<TApprover> {
  const found = await approverRow(ctx.db, auth, id);
  const [view] = await approverViews(ctx.db, [found.a], found.kind);
  return view!;
}
