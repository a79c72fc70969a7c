import {
  ROLE,
  type TClassroom,
  type TClassroomInput,
  type TClassroomPublish,
  type TClassroomQuery,
  type TClassroomUpdate,
} from '@atrium/contract';
import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import {
  classroomBookings,
  classroomClasses,
  classroomSessions,
  classrooms,
} from '../../schema/classrooms.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { users } from '../../schema/users.table.ts';
import { closeApprovalRequestOf, openApprovalRequest } from '../approvals/index.ts';
import {
  type Classroom,
  classroomFor,
  personName,
  visibleClassrooms,
} from './classrooms.access.ts';
import { CLASSROOM_PUBLICATION } from './classrooms.approval.ts';
import { canCreateClassroom, classroomAbilities, publishesDirectly } from './classrooms.policy.ts';
import { emitClassesChanged, emitSessionsChanged } from './classrooms.search.ts';

/** Live bookings: someone holds (or waits for) a seat. */
export const LIVE_BOOKING = sql`${classroomBookings.status} in ('requested', 'booked', 'waitlisted')`;

const columns = {
  c: classrooms,
  creator: personName,
  classCount: sql<number>`(select count(*)::int from ${classroomClasses} where ${classroomClasses.classroomId} = ${classrooms.id})`,
  sessionCount: sql<number>`(select count(*)::int from ${classroomSessions} s join ${classroomClasses} k on k.id = s.class_id where k.classroom_id = ${classrooms.id} and s.status <> 'cancelled')`,
  nextSessionAt: sql<
    string | null
  >`(select min(s.starts_at) from ${classroomSessions} s join ${classroomClasses} k on k.id = s.class_id where k.classroom_id = ${classrooms.id} and s.status = 'scheduled' and s.starts_at > now())`,
  approvalRequest: sql<
    number | null
  >`(select r.id from ${approvalRequests} r where r.kind = ${CLASSROOM_PUBLICATION} and r.subject_id = ${classrooms.id} and r.status = 'pending' limit 1)`,
};

type Listed = {
  c: Classroom;
  creator: string | null;
  classCount: number;
  sessionCount: number;
  nextSessionAt: string | Date | null;
  approvalRequest: number | null;
};

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function present(actor: Actor, r: Listed): TClassroom {
  return {
    id: r.c.id,
    organisation: r.c.organisationId,
    title: r.c.title,
    description: r.c.description,
    status: r.c.status,
    created_by: r.c.createdBy ? { id: r.c.createdBy, fullname: r.creator ?? '' } : null,
    published_at: iso(r.c.publishedAt),
    class_count: r.classCount,
    session_count: r.sessionCount,
    next_session_at: iso(r.nextSessionAt),
    approval_request: r.approvalRequest,
    abilities: classroomAbilities(actor, r.c),
  };
}

async function listed(db: DbOrTx, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select(columns)
    .from(classrooms)
    .leftJoin(users, eq(users.id, classrooms.createdBy))
    .where(where)
    .orderBy(desc(classrooms.id))
    .limit(limit)
    .offset(offset);
}

export async function classroomDetail(db: DbOrTx, actor: Actor, id: number): Promise<TClassroom> {
  await classroomFor(db, actor, id);
  const [row] = await listed(db, eq(classrooms.id, id), 1, 0);
  return present(actor, row!);
}

/**
 * Approver mode (spec §6 is_approver): the classrooms waiting for publication that the caller
 * may decide — for the default approvers (any admin) those of their organisation.
 */
export function approverFilter(actor: Actor): SQL {
  return actor.isSuperadmin || actor.roleId === ROLE.ADMIN
    ? eq(classrooms.status, 'pending')
    : sql`false`;
}

export async function listClassrooms(
  db: DbOrTx,
  actor: Actor,
  q: TClassroomQuery,
  bounds: { limit: number; offset: number },
) {
  const where = and(
    visibleClassrooms(actor),
    q.status ? eq(classrooms.status, q.status) : undefined,
    q.search ? ilike(classrooms.title, `%${q.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    q.is_approver ? approverFilter(actor) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    listed(db, where, bounds.limit, bounds.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(classrooms).where(where),
  ]);
  return { count: total?.n ?? 0, rows: rows.map((r) => present(actor, r)) };
}

/** The organisation a new classroom (or room) belongs to: a superadmin names it, others their own. */
export async function targetOrganisation(db: DbOrTx, auth: Actor, given: number | undefined) {
  if (!auth.isSuperadmin || given === undefined || given === auth.organisationId) {
    return auth.organisationId;
  }
  const [org] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, given));
  if (!org) throw notFound('Organisation not found.');
  return org.id;
}

export async function createClassroom(ctx: AppContext, auth: AuthContext, input: TClassroomInput) {
  if (!canCreateClassroom(auth)) throw forbidden('Only admins and trainers create classrooms.');
  const organisationId = await targetOrganisation(ctx.db, auth, input.organisation);
  const [row] = await ctx.db
    .insert(classrooms)
    .values({
      organisationId,
      title: input.title,
      description: input.description,
      createdBy: auth.userId,
    })
    .returning({ id: classrooms.id });
  return classroomDetail(ctx.db, auth, row!.id);
}

export async function updateClassroom(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: TClassroomUpdate,
) {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const c = await classroomFor(tx, auth, id, { manage: true, lock: true });
    await tx
      .update(classrooms)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(classrooms.id, id));
    // Its classes' search results name the classroom.
    if (input.title !== undefined && input.title !== c.title) {
      await emitClassesChanged(tx, emit, eq(classroomClasses.classroomId, id));
    }
  });
  return classroomDetail(ctx.db, auth, id);
}

/** Sessions with live bookings block deleting what holds them: cancel them first (learners are told). */
export async function assertNoLiveBookings(db: DbOrTx, where: SQL, what: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(classroomBookings)
    .innerJoin(classroomSessions, eq(classroomSessions.id, classroomBookings.sessionId))
    .where(and(where, LIVE_BOOKING));
  if ((row?.n ?? 0) > 0) {
    throw conflict(
      `This ${what} has learners booked. Cancel its sessions first: the learners are told.`,
    );
  }
}

export async function removeClassroom(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const c = await classroomFor(tx, auth, id, { manage: true, lock: true });
    const classIds = tx
      .select({ id: classroomClasses.id })
      .from(classroomClasses)
      .where(eq(classroomClasses.classroomId, id));
    await assertNoLiveBookings(tx, inArray(classroomSessions.classId, classIds), 'classroom');
    // Its classes and their sessions go with it (cascade): the index drops them too.
    await emitClassesChanged(tx, emit, eq(classroomClasses.classroomId, id));
    await emitSessionsChanged(tx, emit, inArray(classroomSessions.classId, classIds));
    await tx.delete(classrooms).where(eq(classrooms.id, id));
    await recordAudit(tx, {
      action: 'classroom.deleted',
      actorId: auth.userId,
      organisationId: c.organisationId,
      ip,
      details: { classroom: id, title: c.title },
    });
  });
}

/**
 * Publication: an admin publishes at once; the creating trainer submits it, and the approval
 * flow decides (classrooms.approval.ts applies the outcome). Withdrawing returns it to draft and
 * closes an open request (withdrawn by its author, returned by an admin).
 */
export async function publishClassroom(
  ctx: AppContext,
  auth: AuthContext,
  body: TClassroomPublish,
  ip: string,
) {
  await runInTransaction(ctx.db, ctx.bus, async (uow) => {
    const { tx, emit } = uow;
    const c = await classroomFor(tx, auth, body.classroom, { manage: true, lock: true });
    const direct = publishesDirectly(auth, c);
    let to: Classroom['status'];
    if (body.action === 'withdraw') {
      if (c.status === 'draft') throw conflict('This classroom is already a draft.');
      to = 'draft';
    } else {
      if (c.status === 'published') throw conflict('This classroom is already published.');
      if (c.status === 'pending' && !direct) {
        throw conflict('This classroom is already waiting for approval.');
      }
      to = direct ? 'published' : 'pending';
    }
    const now = new Date();
    await tx
      .update(classrooms)
      .set({ status: to, updatedAt: now, publishedAt: to === 'published' ? now : c.publishedAt })
      .where(eq(classrooms.id, c.id));
    if (to === 'pending') {
      const opened = await openApprovalRequest(ctx, uow, {
        kind: CLASSROOM_PUBLICATION,
        organisationId: c.organisationId,
        subjectId: c.id,
        subjectTitle: c.title,
        subjectLink: `/classroom/classes?classroom=${c.id}`,
        ownerId: c.createdBy,
        requesterId: auth.userId,
      });
      // The organisation needs no approval of it: the hook already published it.
      if (opened.status === 'approved') return;
    } else if (c.status === 'pending') {
      const own = c.createdBy === auth.userId && !direct;
      await closeApprovalRequestOf(ctx, uow, {
        kind: CLASSROOM_PUBLICATION,
        subjectId: c.id,
        status: to === 'published' ? 'approved' : own ? 'withdrawn' : 'rejected',
        actorId: auth.userId,
        comment: to === 'published' ? 'Published by an admin.' : own ? null : 'Returned to draft.',
      });
    }
    await recordAudit(tx, {
      action: 'classroom.status_changed',
      actorId: auth.userId,
      organisationId: c.organisationId,
      ip,
      details: { classroom: c.id, title: c.title, from: c.status, to },
    });
    if (to === 'published') {
      emit('classroom.published', {
        classroomId: c.id,
        organisationId: c.organisationId,
        publishedBy: auth.userId,
      });
    }
  });
  return classroomDetail(ctx.db, auth, body.classroom);
}
