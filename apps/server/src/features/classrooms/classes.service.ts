import {
  type TClass,
  type TClassDetail,
  type TClassInput,
  type TClassQuery,
  type TClassUpdate,
  TOPIC_SEARCH_LIMIT,
  type TTopic,
  type TTopicInput,
  type TTopicQuery,
  type TTopicUpdate,
} from '@atrium/contract';
import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { fieldError } from '../../core/errors/app-error.ts';
import {
  classroomClasses,
  classroomSessions,
  classrooms,
  classroomTopics,
} from '../../schema/classrooms.table.ts';
import {
  type ClassRow,
  type Classroom,
  classFor,
  classroomFor,
  topicFor,
  visibleClassrooms,
} from './classrooms.access.ts';
import { classroomAbilities } from './classrooms.policy.ts';
import { emitSessionsChanged } from './classrooms.search.ts';
import { approverFilter, assertNoLiveBookings } from './classrooms.service.ts';
import { presentSessions } from './sessions.present.ts';

/** Classes (cohorts) of a classroom and their topics. */

const counts = {
  topicCount: sql<number>`(select count(*)::int from ${classroomTopics} where ${classroomTopics.classId} = ${classroomClasses.id})`,
  sessionCount: sql<number>`(select count(*)::int from ${classroomSessions} where ${classroomSessions.classId} = ${classroomClasses.id} and ${classroomSessions.status} <> 'cancelled')`,
};

function presentClass(
  actor: Actor,
  r: { cls: ClassRow; classroom: Classroom; topicCount: number; sessionCount: number },
): TClass {
  const k = r.cls;
  return {
    id: k.id,
    classroom: k.classroomId,
    classroom_title: r.classroom.title,
    classroom_status: r.classroom.status,
    organisation: k.organisationId,
    name: k.name,
    description: k.description,
    booking_mode: k.bookingMode,
    waitlist_closes_hours: k.waitlistClosesHours,
    completion_percent: k.completionPercent,
    survey_questions: k.surveyQuestions,
    is_cpd: k.isCpd,
    topic_count: r.topicCount,
    session_count: r.sessionCount,
    abilities: classroomAbilities(actor, r.classroom),
  };
}

async function classRow(db: DbOrTx, actor: Actor, id: number): Promise<TClass> {
  const [row] = await db
    .select({ cls: classroomClasses, classroom: classrooms, ...counts })
    .from(classroomClasses)
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(eq(classroomClasses.id, id));
  return presentClass(actor, row!);
}

export async function listClasses(
  db: DbOrTx,
  actor: Actor,
  q: TClassQuery,
  bounds: { limit: number; offset: number },
) {
  if (q.classroom_id) await classroomFor(db, actor, q.classroom_id);
  const where = and(
    visibleClassrooms(actor),
    q.classroom_id ? eq(classroomClasses.classroomId, q.classroom_id) : undefined,
    q.search ? ilike(classroomClasses.name, `%${q.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    // Approver mode: the classes of classrooms waiting for publication (their approvers review them).
    q.is_approver ? approverFilter(actor) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ cls: classroomClasses, classroom: classrooms, ...counts })
      .from(classroomClasses)
      .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
      .where(where)
      .orderBy(desc(classroomClasses.id))
      .limit(bounds.limit)
      .offset(bounds.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(classroomClasses)
      .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
      .where(where),
  ]);
  return { count: total?.n ?? 0, rows: rows.map((r) => presentClass(actor, r)) };
}

export async function createClass(ctx: AppContext, auth: AuthContext, input: TClassInput) {
  const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const c = await classroomFor(tx, auth, input.classroom, { manage: true });
    const { classroom: _classroom, ...fields } = input;
    const [row] = await tx
      .insert(classroomClasses)
      .values({
        classroomId: c.id,
        organisationId: c.organisationId,
        name: fields.name,
        description: fields.description,
        bookingMode: fields.booking_mode,
        waitlistClosesHours: fields.waitlist_closes_hours,
        completionPercent: fields.completion_percent,
        surveyQuestions: fields.survey_questions,
        isCpd: fields.is_cpd,
        createdBy: auth.userId,
      })
      .returning({ id: classroomClasses.id });
    emit('search.changed', { kind: 'classroom', ids: [row!.id] });
    return row!.id;
  });
  return classRow(ctx.db, auth, id);
}

export async function updateClass(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: TClassUpdate,
) {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { cls } = await classFor(tx, auth, id, { manage: true, lock: true });
    await tx
      .update(classroomClasses)
      .set({
        name: input.name,
        description: input.description,
        bookingMode: input.booking_mode,
        waitlistClosesHours: input.waitlist_closes_hours,
        completionPercent: input.completion_percent,
        surveyQuestions: input.survey_questions,
        isCpd: input.is_cpd,
        updatedAt: new Date(),
      })
      .where(eq(classroomClasses.id, id));
    emit('search.changed', { kind: 'classroom', ids: [id] });
    // Its sessions' search results name the class.
    if (input.name !== undefined && input.name !== cls.name) {
      await emitSessionsChanged(tx, emit, eq(classroomSessions.classId, id));
    }
  });
  return classRow(ctx.db, auth, id);
}

export async function removeClass(ctx: AppContext, auth: AuthContext, id: number) {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    await classFor(tx, auth, id, { manage: true, lock: true });
    await assertNoLiveBookings(tx, eq(classroomSessions.classId, id), 'class');
    // Its sessions go with it (cascade): the index drops them too.
    await emitSessionsChanged(tx, emit, eq(classroomSessions.classId, id));
    await tx.delete(classroomClasses).where(eq(classroomClasses.id, id));
    emit('search.changed', { kind: 'classroom', ids: [id] });
  });
}

/** The class editor's page: the class, its topics in order, each with its sessions. */
export async function classDetail(db: DbOrTx, actor: Actor, id: number): Promise<TClassDetail> {
  await classFor(db, actor, id);
  const [cls, topics, sessions] = await Promise.all([
    classRow(db, actor, id),
    topicRows(db, id),
    presentSessions(db, actor, eq(classroomSessions.classId, id)),
  ]);
  return {
    ...cls,
    topics: topics.map((t) => ({ ...t, sessions: sessions.filter((s) => s.topic === t.id) })),
  };
}

// ── Topics ────────────────────────────────────────────────────────────

const topicSessionCount = sql<number>`(select count(*)::int from ${classroomSessions} where ${classroomSessions.topicId} = ${classroomTopics.id} and ${classroomSessions.status} <> 'cancelled')`;

const presentTopic = (t: typeof classroomTopics.$inferSelect, sessions: number): TTopic => ({
  id: t.id,
  class: t.classId,
  title: t.title,
  description: t.description,
  position: t.position,
  session_count: sessions,
});

/** `%`, `_` and `\` in the user's text match themselves. */
const titleLike = (text: string) =>
  ilike(classroomTopics.title, `%${text.replace(/[%_\\]/g, '\\$&')}%`);

async function topicRows(db: DbOrTx, classId: number, search?: string): Promise<TTopic[]> {
  const rows = await db
    .select({ t: classroomTopics, sessionCount: topicSessionCount })
    .from(classroomTopics)
    .where(and(eq(classroomTopics.classId, classId), search ? titleLike(search) : undefined))
    .orderBy(asc(classroomTopics.position), asc(classroomTopics.id));
  return rows.map(({ t, sessionCount }) => presentTopic(t, sessionCount));
}

/**
 * Topics by title across the classrooms the caller may see (a picker's search, e.g. a
 * competency link's target): a few, each with its class's name, since titles repeat per class.
 */
async function searchTopics(db: DbOrTx, actor: Actor, search: string): Promise<TTopic[]> {
  const rows = await db
    .select({
      t: classroomTopics,
      sessionCount: topicSessionCount,
      className: classroomClasses.name,
    })
    .from(classroomTopics)
    .innerJoin(classroomClasses, eq(classroomClasses.id, classroomTopics.classId))
    .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
    .where(and(visibleClassrooms(actor), search ? titleLike(search) : undefined))
    .orderBy(asc(classroomTopics.title), asc(classroomTopics.id))
    .limit(TOPIC_SEARCH_LIMIT);
  return rows.map((r) => ({ ...presentTopic(r.t, r.sessionCount), class_name: r.className }));
}

export async function listTopics(db: DbOrTx, actor: Actor, q: TTopicQuery) {
  const classId = q.class_id ?? q.classroom_id;
  if (!classId) {
    if (q.search !== undefined) return searchTopics(db, actor, q.search);
    throw fieldError('class_id', 'Name the class (class_id or classroom_id), or search.');
  }
  const { classroom } = await classFor(db, actor, classId);
  if (q.is_approver && classroom.status !== 'pending') return [];
  return topicRows(db, classId, q.search);
}

async function topicById(db: DbOrTx, id: number): Promise<TTopic> {
  const [t] = await db.select().from(classroomTopics).where(eq(classroomTopics.id, id));
  const rows = await topicRows(db, t!.classId);
  return rows.find((r) => r.id === id)!;
}

export async function createTopic(ctx: AppContext, auth: AuthContext, input: TTopicInput) {
  const { cls } = await classFor(ctx.db, auth, input.class, { manage: true });
  const [last] = await ctx.db
    .select({ p: sql<number>`coalesce(max(${classroomTopics.position}), -1)::int` })
    .from(classroomTopics)
    .where(eq(classroomTopics.classId, cls.id));
  const [row] = await ctx.db
    .insert(classroomTopics)
    .values({
      classId: cls.id,
      organisationId: cls.organisationId,
      title: input.title,
      description: input.description,
      position: input.position ?? (last?.p ?? -1) + 1,
    })
    .returning({ id: classroomTopics.id });
  return topicById(ctx.db, row!.id);
}

export async function updateTopic(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: TTopicUpdate,
) {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const { topic } = await topicFor(tx, auth, id, { manage: true });
    await tx
      .update(classroomTopics)
      .set({ title: input.title, description: input.description, position: input.position })
      .where(eq(classroomTopics.id, id));
    // Its sessions' search documents hold the topic's title.
    if (input.title !== undefined && input.title !== topic.title) {
      await emitSessionsChanged(tx, emit, eq(classroomSessions.topicId, id));
    }
  });
  return topicById(ctx.db, id);
}

export async function removeTopic(ctx: AppContext, auth: AuthContext, id: number) {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    await topicFor(tx, auth, id, { manage: true });
    await assertNoLiveBookings(tx, eq(classroomSessions.topicId, id), 'topic');
    await emitSessionsChanged(tx, emit, eq(classroomSessions.topicId, id));
    await tx.delete(classroomTopics).where(eq(classroomTopics.id, id));
  });
}
