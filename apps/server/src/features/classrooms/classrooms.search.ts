import { SEARCH_KIND_LABELS } from '@atrium/contract';
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import type { UnitOfWork } from '../../core/db/transaction.ts';
import {
  SEARCH_BODY_LIMIT,
  type SearchKindProvider,
  type SearchProvider,
} from '../../core/search-provider.ts';
import {
  classroomClasses,
  classroomRooms,
  classroomSessions,
  classrooms,
  classroomTopics,
} from '../../schema/classrooms.table.ts';
import { visibleClassrooms } from './classrooms.access.ts';

/** Ids per `search.changed` when many items change at once (a classroom's classes, say). */
const SEARCH_BATCH = 1_000;

async function emitChanged(
  emit: UnitOfWork['emit'],
  kind: 'classroom' | 'classroom_session',
  rows: Promise<{ id: number }[]>,
) {
  const ids = (await rows).map((r) => r.id);
  for (let i = 0; i < ids.length; i += SEARCH_BATCH) {
    emit('search.changed', { kind, ids: ids.slice(i, i + SEARCH_BATCH) });
  }
}

/** Tells the index that the classes matching `where` changed (their classroom's title) or go. */
export const emitClassesChanged = (tx: DbOrTx, emit: UnitOfWork['emit'], where: SQL) =>
  emitChanged(
    emit,
    'classroom',
    tx.select({ id: classroomClasses.id }).from(classroomClasses).where(where),
  );

/** Tells the index that the sessions matching `where` changed (their class's name) or go. */
export const emitSessionsChanged = (tx: DbOrTx, emit: UnitOfWork['emit'], where: SQL) =>
  emitChanged(
    emit,
    'classroom_session',
    tx.select({ id: classroomSessions.id }).from(classroomSessions).where(where),
  );

/** "4 Mar 2030, 09:00–10:00": the session's own wall-clock day and times, as its page shows. */
function whenOf(date: string, start: string, end: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  return `${day}, ${start.slice(0, 5)}–${end.slice(0, 5)}`;
}

/**
 * Classes in global search (kind `classroom`: the contract's "Classes"): the class's name and
 * description, its classroom as the subtitle; it opens at /classroom/classes?class=. `visible`
 * is the class page's rule, canSeeClassroom (visibleClassrooms): the organisation's staff see
 * every class, learners those of published classrooms.
 */
export const classSearch: SearchKindProvider = {
  kind: 'classroom',
  label: SEARCH_KIND_LABELS.classroom,
  version: 1,
  async documents(ctx, ids) {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select({
        id: classroomClasses.id,
        organisationId: classroomClasses.organisationId,
        name: classroomClasses.name,
        description: classroomClasses.description,
        classroom: classrooms.title,
      })
      .from(classroomClasses)
      .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
      .where(inArray(classroomClasses.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      organisationId: r.organisationId,
      title: r.name,
      body: r.description.slice(0, SEARCH_BODY_LIMIT),
      subtitle: r.classroom,
      href: `/classroom/classes?class=${r.id}`,
    }));
  },
  async ids(ctx, afterId, limit) {
    const rows = await ctx.db
      .select({ id: classroomClasses.id })
      .from(classroomClasses)
      .where(gt(classroomClasses.id, afterId))
      .orderBy(asc(classroomClasses.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
  async visible(ctx, auth, ids) {
    if (ids.length === 0) return new Set();
    const rows = await ctx.db
      .select({ id: classroomClasses.id })
      .from(classroomClasses)
      .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
      .where(and(inArray(classroomClasses.id, [...ids]), visibleClassrooms(auth)));
    return new Set(rows.map((r) => r.id));
  },
};

/**
 * Sessions in global search: the session's title (its class's name when it has none), its topic's
 * title and its room in the body, and the class, day, times and place (a room, or online) as the subtitle, with
 * "Cancelled" once it is; it opens at /classroom/classes?session=, where calendar and to-do
 * links open it. `visible` is the session page's rule, its classroom's (visibleClassrooms).
 */
export const sessionSearch: SearchKindProvider = {
  kind: 'classroom_session',
  label: SEARCH_KIND_LABELS.classroom_session,
  version: 1,
  async documents(ctx, ids) {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select({
        id: classroomSessions.id,
        organisationId: classroomSessions.organisationId,
        title: classroomSessions.title,
        date: classroomSessions.date,
        startTime: classroomSessions.startTime,
        endTime: classroomSessions.endTime,
        online: classroomSessions.meetingProvider,
        status: classroomSessions.status,
        className: classroomClasses.name,
        topic: classroomTopics.title,
        room: classroomRooms.name,
        location: classroomRooms.location,
      })
      .from(classroomSessions)
      .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
      .leftJoin(classroomTopics, eq(classroomTopics.id, classroomSessions.topicId))
      .leftJoin(classroomRooms, eq(classroomRooms.id, classroomSessions.roomId))
      .where(inArray(classroomSessions.id, [...ids]));
    return rows.map((r) => {
      const place = r.online ? 'Online' : [r.room, r.location].filter(Boolean).join(', ');
      return {
        id: r.id,
        organisationId: r.organisationId,
        title: r.title.trim() || r.className,
        body: [r.topic, r.room, r.location].filter(Boolean).join(' ').slice(0, SEARCH_BODY_LIMIT),
        subtitle: [
          r.className,
          whenOf(r.date, r.startTime, r.endTime),
          place,
          r.status === 'cancelled' ? 'Cancelled' : '',
        ]
          .filter(Boolean)
          .join(' · '),
        href: `/classroom/classes?session=${r.id}`,
      };
    });
  },
  async ids(ctx, afterId, limit) {
    const rows = await ctx.db
      .select({ id: classroomSessions.id })
      .from(classroomSessions)
      .where(gt(classroomSessions.id, afterId))
      .orderBy(asc(classroomSessions.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
  async visible(ctx, auth, ids) {
    if (ids.length === 0) return new Set();
    const rows = await ctx.db
      .select({ id: classroomSessions.id })
      .from(classroomSessions)
      .innerJoin(classroomClasses, eq(classroomClasses.id, classroomSessions.classId))
      .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
      .where(and(inArray(classroomSessions.id, [...ids]), visibleClassrooms(auth)));
    return new Set(rows.map((r) => r.id));
  },
};

export const classroomsSearch: SearchProvider = { kinds: [classSearch, sessionSearch] };
