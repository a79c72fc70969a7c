import {
  type TPageQuery,
  type TRecurrence,
  type TReportSource,
  type TSchedule,
  type TScheduleCreate,
  type TScheduleUpdate,
  ZRecurrence,
  ZReportSource,
} from '@atrium/contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import { isAdminOf, withinOrganisation } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { AppError, fieldError, notFound } from '../../core/errors/app-error.ts';
import { pageBounds, toPage } from '../../core/http/pagination.ts';
import { reportSchedules } from '../../schema/report-schedules.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { openReport } from './reports.open.ts';
import { nextRunAt } from './reports.schedules.recurrence.ts';

/**
 * Scheduled e-mail reports, the CRUD side (issue 22, spec §7 `crone_job_email_setting/`). A
 * schedule belongs to the organisation it was made in: its creator sees and edits it, the
 * organisation's admins (and superadmins) all of them; to anyone else, and from another
 * organisation, it does not exist (404). The run itself is reports.schedules.run.ts.
 */

type Row = typeof reportSchedules.$inferSelect;

/** Who may see (and so edit and delete) the schedule: its creator, or an admin of its organisation. */
function mayManage(auth: AuthContext, row: Pick<Row, 'organisationId' | 'createdBy'>): boolean {
  if (!withinOrganisation(auth, row.organisationId)) return false;
  return isAdminOf(auth, row.organisationId) || row.createdBy === auth.userId;
}

/** The list's filter: the organisation's schedules (an admin), or the caller's own. */
function visibleTo(auth: AuthContext): SQL | undefined {
  const inOrg = eq(reportSchedules.organisationId, auth.organisationId);
  return isAdminOf(auth, auth.organisationId)
    ? inOrg
    : and(inOrg, eq(reportSchedules.createdBy, auth.userId));
}

const nameOf = (u: { firstName: string; lastName: string; username: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;

/** The people named by the schedules (creators and recipients), by id. */
async function namesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((u) => [u.id, nameOf(u)]));
}

async function present(db: DbOrTx, rows: Row[]): Promise<TSchedule[]> {
  const names = await namesOf(
    db,
    rows.flatMap((r) => [...r.recipientUsers, ...(r.createdBy === null ? [] : [r.createdBy])]),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    source: ZReportSource.parse(r.source),
    format: r.format,
    recurrence: ZRecurrence.parse(r.recurrence),
    recipients: { users: r.recipientUsers, roles: r.recipientRoles },
    recipient_users: r.recipientUsers.map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
    send_when_empty: r.sendWhenEmpty,
    active: r.active,
    created_by:
      r.createdBy === null ? null : { id: r.createdBy, name: names.get(r.createdBy) ?? '' },
    next_run_at: r.active ? (r.nextRunAt?.toISOString() ?? null) : null,
    last_run_at: r.lastRunAt?.toISOString() ?? null,
    last_status: r.lastStatus,
    created_at: r.createdAt.toISOString(),
    // Whoever sees a schedule manages it (mayManage): the list holds nothing else.
    abilities: { edit: true, delete: true },
  }));
}

async function scheduleRow(db: DbOrTx, auth: AuthContext, id: number): Promise<Row> {
  const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
  if (!row || !mayManage(auth, row)) throw notFound();
  return row;
}

/**
 * The report must open for the person scheduling it, now: a source they may not see is never
 * mailed in their name. A saved report that is gone or not theirs reads as a bad field (400); a
 * widget they may not use keeps its 403; a bad widget query keeps its 400.
 */
async function checkSource(ctx: AppContext, auth: AuthContext, source: TReportSource) {
  try {
    await openReport(ctx, auth, source);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) {
      throw fieldError('source', 'This report does not exist or you may not see it.');
    }
    throw err;
  }
}

/** Every person named must be a member of the schedule's organisation. */
async function checkRecipients(db: DbOrTx, organisationId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(eq(memberships.organisationId, organisationId), inArray(memberships.userId, unique)),
    );
  const members = new Set(found.map((m) => m.userId));
  if (unique.some((id) => !members.has(id))) {
    throw fieldError('recipients.users', 'Choose people of this organisation only.');
  }
}

/** `null` while paused: a paused schedule has no next run, and resuming computes one from now. */
const nextOf = (active: boolean, recurrence: TRecurrence, now: Date) =>
  active ? nextRunAt(recurrence, now) : null;

export async function listSchedules(db: DbOrTx, auth: AuthContext, query: TPageQuery, url: string) {
  const where = visibleTo(auth);
  const { limit, offset } = pageBounds(query);
  const rows = await db
    .select()
    .from(reportSchedules)
    .where(where)
    // Next to send first; paused ones (no next run) after, newest first.
    .orderBy(sql`${reportSchedules.nextRunAt} asc nulls last`, asc(reportSchedules.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(reportSchedules).where(where);
  return toPage(url, query, total?.n ?? 0, await present(db, rows));
}

export async function getSchedule(db: DbOrTx, auth: AuthContext, id: number) {
  const [presented] = await present(db, [await scheduleRow(db, auth, id)]);
  return presented!;
}

export async function createSchedule(
  ctx: AppContext,
  auth: AuthContext,
  input: TScheduleCreate,
  now = new Date(),
) {
  await checkRecipients(ctx.db, auth.organisationId, input.recipients.users);
  await checkSource(ctx, auth, input.source);
  // The schedule and its audit line land together or not at all.
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(reportSchedules)
      .values({
        organisationId: auth.organisationId,
        createdBy: auth.userId,
        name: input.name,
        source: input.source,
        format: input.format,
        recurrence: input.recurrence,
        recipientUsers: [...new Set(input.recipients.users)],
        recipientRoles: [...new Set(input.recipients.roles)],
        sendWhenEmpty: input.send_when_empty,
        active: input.active,
        nextRunAt: nextOf(input.active, input.recurrence, now),
      })
      .returning();
    await recordAudit(tx, scheduleAudit('report.schedule_created', auth, inserted!));
    return inserted!;
  });
  const [presented] = await present(ctx.db, [row]);
  return presented!;
}

export async function updateSchedule(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  patch: TScheduleUpdate,
  now = new Date(),
) {
  const row = await scheduleRow(ctx.db, auth, id);
  if (patch.recipients) {
    await checkRecipients(ctx.db, row.organisationId, patch.recipients.users);
  }
  if (patch.source) await checkSource(ctx, auth, patch.source);
  const active = patch.active ?? row.active;
  const recurrence = patch.recurrence ?? ZRecurrence.parse(row.recurrence);
  // A new recurrence, or a pause or resume, starts from now; otherwise the next run stays.
  const moved = patch.recurrence !== undefined || active !== row.active;
  const updated = await ctx.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(reportSchedules)
      .set({
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.source === undefined ? {} : { source: patch.source }),
        ...(patch.format === undefined ? {} : { format: patch.format }),
        ...(patch.recurrence === undefined ? {} : { recurrence: patch.recurrence }),
        ...(patch.recipients === undefined
          ? {}
          : {
              recipientUsers: [...new Set(patch.recipients.users)],
              recipientRoles: [...new Set(patch.recipients.roles)],
            }),
        ...(patch.send_when_empty === undefined ? {} : { sendWhenEmpty: patch.send_when_empty }),
        active,
        ...(moved ? { nextRunAt: nextOf(active, recurrence, now) } : {}),
        updatedAt: now,
      })
      .where(eq(reportSchedules.id, row.id))
      .returning();
    await recordAudit(tx, {
      ...scheduleAudit('report.schedule_changed', auth, changed!),
      details: { schedule_id: row.id, name: changed!.name, changed: Object.keys(patch) },
    });
    return changed!;
  });
  const [presented] = await present(ctx.db, [updated]);
  return presented!;
}

export async function removeSchedule(db: DbOrTx, auth: AuthContext, id: number) {
  const row = await scheduleRow(db, auth, id);
  await db.transaction(async (tx) => {
    await tx.delete(reportSchedules).where(eq(reportSchedules.id, row.id));
    await recordAudit(tx, scheduleAudit('report.schedule_deleted', auth, row));
  });
}

/** Reports mailed to people on a timer: who set up, changed or removed which, for whom. */
function scheduleAudit(
  action: 'report.schedule_created' | 'report.schedule_changed' | 'report.schedule_deleted',
  auth: AuthContext,
  row: Row,
) {
  return {
    action,
    actorId: auth.userId,
    organisationId: row.organisationId,
    details: {
      schedule_id: row.id,
      name: row.name,
      recipient_users: row.recipientUsers,
      recipient_roles: row.recipientRoles,
    },
  };
}

/** The recipients of a run: the people named and the members holding the roles, once each. */
export async function recipientIdsOf(
  db: DbOrTx,
  row: Pick<Row, 'organisationId' | 'recipientUsers' | 'recipientRoles'>,
): Promise<number[]> {
  const byRole =
    row.recipientRoles.length === 0
      ? []
      : await db
          .select({ userId: memberships.userId })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(
            and(
              eq(memberships.organisationId, row.organisationId),
              inArray(memberships.roleId, row.recipientRoles),
              // Deactivated people are not mailed for their role; named ones are (and refused).
              eq(users.isActive, true),
            ),
          );
  return [...new Set([...row.recipientUsers, ...byRole.map((m) => m.userId)])].sort(
    (a, b) => a - b,
  );
}
