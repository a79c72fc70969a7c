import { ROLE, type TDiscussionScope, type TDiscussionScopeOption } from '@atrium/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { classroomClasses, classrooms } from '../../schema/classrooms.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { discussions } from '../../schema/discussions.table.ts';
import { learningPaths } from '../../schema/learning-paths.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { canManage } from '../catalogue/index.ts';
import { canManageClassroom } from '../classrooms/index.ts';
import { canManagePath } from '../learning-paths/index.ts';
import { isOrganisationAdmin, type ScopeStanding } from './discussions.policy.ts';

/**
 * Where topics live and who takes part there: the caller's standing in one scope (for the
 * policy), the same rule as SQL (the lists, the followers a notification still reaches) and the
 * scopes a caller may pick. The rules of who manages a course, a path or a classroom are their
 * slices' policies; taking part is an enrolment (enrolled or completed), a path enrolment
 * (enrolled or completed), or a booking in one of the class's sessions (booked, attended or
 * partly attended), read from the shared schema.
 */

export interface ScopeRef {
  organisationId: number;
  scope: TDiscussionScope;
  courseId: number | null;
  pathId: number | null;
  classId: number | null;
}

const COURSE_STATUSES = sql.raw(`('enrolled', 'completed')`);
const PATH_STATUSES = sql.raw(`('enrolled', 'completed')`);
const CLASS_STATUSES = sql.raw(`('booked', 'attended', 'partial')`);

export const enrolledIn = (courseId: SQL, userId: SQL) =>
  sql`exists (select 1 from course_enrolments ce where ce.course_id = ${courseId}
    and ce.user_id = ${userId} and ce.status in ${COURSE_STATUSES})`;
const onPath = (pathId: SQL, userId: SQL) =>
  sql`exists (select 1 from learning_path_enrolments pe where pe.path_id = ${pathId}
    and pe.user_id = ${userId} and pe.status in ${PATH_STATUSES})`;
const bookedIn = (classId: SQL, userId: SQL) =>
  sql`exists (select 1 from classroom_bookings cb
    join classroom_sessions cs on cs.id = cb.session_id
    where cs.class_id = ${classId} and cb.user_id = ${userId} and cb.status in ${CLASS_STATUSES})`;
const trainsIn = (classId: SQL, userId: SQL) =>
  sql`exists (select 1 from classroom_session_trainers st
    join classroom_sessions cs on cs.id = st.session_id
    where cs.class_id = ${classId} and st.user_id = ${userId})`;

/**
 * The caller's standing in a scope of their own organisation (nothing elsewhere), or null when
 * their organisation has no such course, path or class.
 */
export async function standingIn(
  db: DbOrTx,
  actor: Actor,
  ref: ScopeRef,
): Promise<ScopeStanding | null> {
  if (actor.organisationId !== ref.organisationId) return null;
  const me = sql`${actor.userId}::int`;
  if (ref.scope === 'course' && ref.courseId !== null) {
    const [row] = await db
      .select({ course: courses, enrolled: sql<boolean>`${enrolledIn(sql`${courses.id}`, me)}` })
      .from(courses)
      .where(and(eq(courses.id, ref.courseId), eq(courses.organisationId, ref.organisationId)));
    if (!row) return null;
    return { member: Boolean(row.enrolled), manager: canManage(actor, row.course) };
  }
  if (ref.scope === 'path' && ref.pathId !== null) {
    const [row] = await db
      .select({
        path: learningPaths,
        enrolled: sql<boolean>`${onPath(sql`${learningPaths.id}`, me)}`,
      })
      .from(learningPaths)
      .where(
        and(eq(learningPaths.id, ref.pathId), eq(learningPaths.organisationId, ref.organisationId)),
      );
    if (!row) return null;
    return { member: Boolean(row.enrolled), manager: canManagePath(actor, row.path) };
  }
  if (ref.scope === 'class' && ref.classId !== null) {
    const id = sql`${classroomClasses.id}`;
    const [row] = await db
      .select({
        classroom: {
          organisationId: classrooms.organisationId,
          createdBy: classrooms.createdBy,
          status: classrooms.status,
        },
        booked: sql<boolean>`${bookedIn(id, me)}`,
        trains: sql<boolean>`${trainsIn(id, me)}`,
      })
      .from(classroomClasses)
      .innerJoin(classrooms, eq(classrooms.id, classroomClasses.classroomId))
      .where(
        and(
          eq(classroomClasses.id, ref.classId),
          eq(classroomClasses.organisationId, ref.organisationId),
        ),
      );
    if (!row) return null;
    return {
      member: Boolean(row.booked),
      manager: Boolean(row.trains) || canManageClassroom(actor, row.classroom),
    };
  }
  return ref.scope === 'organisation' ? { member: true, manager: false } : null;
}

/**
 * canReadTopic as SQL over the `discussions` row of the query, for one person (`userId`, their
 * role in the topic's organisation `roleId`); the organisation is the caller's to match. Admins
 * (and superadmins) read every topic of theirs; a trainer manages the courses, paths and
 * classrooms they created (the slices' rules), a session's trainers their class.
 */
export function readableBy(userId: SQL, roleId: SQL): SQL {
  const d = discussions;
  const trainer = sql`${roleId} = ${ROLE.TRAINER}`;
  return sql`(${roleId} in (${ROLE.ADMIN}, ${ROLE.SUPERADMIN})
    or ${d.scope} = 'organisation'
    or (${d.scope} = 'course' and (${enrolledIn(sql`${d.courseId}`, userId)}
      or (${trainer} and exists (select 1 from courses c where c.id = ${d.courseId} and c.created_by = ${userId}))))
    or (${d.scope} = 'path' and (${onPath(sql`${d.pathId}`, userId)}
      or (${trainer} and exists (select 1 from learning_paths lp where lp.id = ${d.pathId} and lp.created_by = ${userId}))))
    or (${d.scope} = 'class' and (${bookedIn(sql`${d.classId}`, userId)}
      or ${trainsIn(sql`${d.classId}`, userId)}
      or (${trainer} and exists (select 1 from classroom_classes k join classrooms r on r.id = k.classroom_id
          where k.id = ${d.classId} and r.created_by = ${userId})))))`;
}

/** The topics of the caller's organisation they may read (the lists' WHERE). */
export function readableTo(actor: Actor): SQL {
  const own = eq(discussions.organisationId, actor.organisationId);
  if (isOrganisationAdmin(actor, actor.organisationId)) return own;
  return and(own, readableBy(sql`${actor.userId}::int`, sql`${actor.roleId}::int`))!;
}

/** The followers of a topic who may still read it (a notification reaches no one else). */
export async function followersWhoMayRead(db: DbOrTx, discussionId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select f.user_id as id from discussion_follows f
      join ${discussions} on ${discussions.id} = f.discussion_id
      join memberships m on m.user_id = f.user_id and m.organisation_id = ${discussions.organisationId}
      where f.discussion_id = ${discussionId} and ${readableBy(sql`f.user_id`, sql`m.role_id`)}
      order by f.user_id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Where the caller may start a topic: the organisation, then the courses, paths and classes they
 * take part in or manage (an admin: all of the organisation's), each by name.
 */
export async function scopeOptions(db: DbOrTx, actor: Actor): Promise<TDiscussionScopeOption[]> {
  const org = actor.organisationId;
  const admin = isOrganisationAdmin(actor, org);
  const me = sql`${actor.userId}::int`;
  const trainer = actor.roleId === ROLE.TRAINER;
  const mine = (clause: SQL, createdBy: SQL) =>
    admin ? sql`true` : trainer ? sql`(${clause} or ${createdBy} = ${me})` : clause;
  const [orgRow] = await db
    .select({ title: organisations.title })
    .from(organisations)
    .where(eq(organisations.id, org));
  const [courseRows, pathRows, classRows] = await Promise.all([
    queryRows<{ id: number; name: string }>(
      db,
      sql`select c.id, c.title as name from courses c where c.organisation_id = ${org}
        and ${mine(enrolledIn(sql`c.id`, me), sql`c.created_by`)} order by lower(c.title), c.id`,
    ),
    queryRows<{ id: number; name: string }>(
      db,
      sql`select p.id, p.title as name from learning_paths p where p.organisation_id = ${org}
        and ${mine(onPath(sql`p.id`, me), sql`p.created_by`)} order by lower(p.title), p.id`,
    ),
    queryRows<{ id: number; name: string }>(
      db,
      sql`select k.id, k.name from classroom_classes k join classrooms r on r.id = k.classroom_id
        where k.organisation_id = ${org}
          and ${mine(sql`(${bookedIn(sql`k.id`, me)} or ${trainsIn(sql`k.id`, me)})`, sql`r.created_by`)}
        order by lower(k.name), k.id`,
    ),
  ]);
  const option = (scope: TDiscussionScope) => (r: { id: number; name: string }) => ({
    scope,
    id: Number(r.id),
    name: r.name,
  });
  return [
    { scope: 'organisation', id: null, name: orgRow?.title ?? 'Organisation' },
    ...courseRows.map(option('course')),
    ...pathRows.map(option('path')),
    ...classRows.map(option('class')),
  ];
}
