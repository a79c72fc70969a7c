import { ROLE } from '@atrium/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import {
  type AnnouncementAudience,
  announcementReads,
  announcements,
} from '../../schema/announcements.table.ts';
import {
  canManageAnnouncement,
  canSeeAnnouncement,
  inAudience,
  type ReaderFacts,
} from './announcements.policy.ts';

/**
 * The loaders that turn the policy's "no" into 404 (cannot see it: another organisation's, not
 * out yet, expired, or outside the caller's audience) and 403 (sees it, may not change it), and
 * the audience as SQL: whether one user is in it (the lists) and who is (the report, the
 * notifications' fan-out, the figures).
 */

export type AnnouncementRow = typeof announcements.$inferSelect;

export const ANNOUNCEMENT_NOT_FOUND = 'Announcement not found.';
const MANAGERS_ONLY = "Only the announcement's managers can do this.";

/** Course enrolments that make a learner of the course, bookings that make one of the class. */
const COURSE_STATUSES = sql.raw(`('enrolled', 'completed')`);
const CLASS_STATUSES = sql.raw(`('booked', 'attended', 'partial')`);

interface MemberColumns {
  userId: SQL;
  roleId: SQL;
  departmentId: SQL;
  designationId: SQL;
}

/**
 * inAudience as SQL: the audience (a jsonb expression; null: everyone) against one member's
 * columns. The caller joins memberships (not a superadmin's) of the announcement's organisation.
 */
function audienceMatch(audience: SQL, m: MemberColumns): SQL {
  return sql`(${audience} is null
    or (${audience} -> 'departments') @> jsonb_build_array(${m.departmentId})
    or (${audience} -> 'designations') @> jsonb_build_array(${m.designationId})
    or (${audience} -> 'roles') @> jsonb_build_array(${m.roleId})
    or exists (select 1 from course_enrolments ce
               where ce.course_id = (${audience} ->> 'course')::int and ce.user_id = ${m.userId}
                 and ce.status in ${COURSE_STATUSES})
    or exists (select 1 from classroom_bookings cb
               join classroom_sessions cs on cs.id = cb.session_id
               where cs.class_id = (${audience} ->> 'class')::int and cb.user_id = ${m.userId}
                 and cb.status in ${CLASS_STATUSES}))`;
}

const MEMBER = {
  userId: sql`m.user_id`,
  roleId: sql`m.role_id`,
  departmentId: sql`p.department_id`,
  designationId: sql`p.designation_id`,
};

/** Whether the user is in the audience of the `announcements` row of the query. */
export function inAudienceSql(userId: number): SQL {
  return sql`exists (select 1 from memberships m
    left join user_profiles p on p.user_id = m.user_id
    where m.user_id = ${userId} and m.organisation_id = ${announcements.organisationId}
      and m.role_id <> ${ROLE.SUPERADMIN}
      and ${audienceMatch(sql`${announcements.audience}`, MEMBER)})`;
}

const audienceParam = (audience: AnnouncementAudience | null) =>
  sql`${audience === null ? null : JSON.stringify(audience)}::jsonb`;

/**
 * The audience's members: a FROM over `m` (memberships), `u` (users), `p` (profiles) and the
 * WHERE of the active members of the organisation (a superadmin is no member to reach) that the
 * audience names. Callers may join more and add conditions.
 */
export const MEMBERS_FROM = sql.raw(`memberships m
    join users u on u.id = m.user_id and u.is_active
    left join user_profiles p on p.user_id = m.user_id`);

export function audienceMembersWhere(a: Pick<AnnouncementRow, 'organisationId' | 'audience'>) {
  return sql`m.organisation_id = ${a.organisationId} and m.role_id <> ${ROLE.SUPERADMIN}
      and ${audienceMatch(audienceParam(a.audience), MEMBER)}`;
}

/** Every member of the audience, as it stands now (the notifications' fan-out). */
export async function audienceMemberIds(
  db: DbOrTx,
  a: Pick<AnnouncementRow, 'organisationId' | 'audience'>,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select m.user_id as id from ${MEMBERS_FROM} where ${audienceMembersWhere(a)}
        order by m.user_id`,
  );
  return rows.map((r) => Number(r.id));
}

/** The audience's size, and how many of it read and acknowledged, per announcement. */
export async function audienceFigures(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, { audience: number; read: number; acknowledged: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; audience: number; read: number; ack: number }>(
    db,
    sql`select a.id, count(*)::int as audience, count(r.read_at)::int as read,
          count(r.acknowledged_at)::int as ack
        from announcements a
        join memberships m on m.organisation_id = a.organisation_id
          and m.role_id <> ${ROLE.SUPERADMIN}
        join users u on u.id = m.user_id and u.is_active
        left join user_profiles p on p.user_id = m.user_id
        left join announcement_reads r on r.announcement_id = a.id and r.user_id = m.user_id
        where a.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
          and ${audienceMatch(sql`a.audience`, MEMBER)}
        group by a.id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { audience: Number(r.audience), read: Number(r.read), acknowledged: Number(r.ack) },
    ]),
  );
}

/** The reader's facts for one announcement (null: no membership in its organisation). */
export async function readerFacts(
  db: DbOrTx,
  userId: number,
  a: Pick<AnnouncementRow, 'organisationId' | 'audience'>,
): Promise<ReaderFacts | null> {
  const course = a.audience?.course ?? null;
  const klass = a.audience?.class ?? null;
  const [row] = await queryRows<{
    role_id: number;
    department_id: number | null;
    designation_id: number | null;
    in_course: boolean;
    in_class: boolean;
  }>(
    db,
    sql`select m.role_id, p.department_id, p.designation_id,
          exists (select 1 from course_enrolments ce
                  where ce.course_id = ${course}::int and ce.user_id = m.user_id
                    and ce.status in ${COURSE_STATUSES}) as in_course,
          exists (select 1 from classroom_bookings cb
                  join classroom_sessions cs on cs.id = cb.session_id
                  where cs.class_id = ${klass}::int and cb.user_id = m.user_id
                    and cb.status in ${CLASS_STATUSES}) as in_class
        from memberships m left join user_profiles p on p.user_id = m.user_id
        where m.user_id = ${userId} and m.organisation_id = ${a.organisationId}`,
  );
  if (!row) return null;
  return {
    roleId: Number(row.role_id),
    departmentId: row.department_id === null ? null : Number(row.department_id),
    designationId: row.designation_id === null ? null : Number(row.designation_id),
    inCourse: Boolean(row.in_course),
    inClass: Boolean(row.in_class),
  };
}

export async function loadAnnouncement(db: DbOrTx, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(announcements).where(eq(announcements.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function readingOf(db: DbOrTx, announcementId: number, userId: number) {
  const [row] = await db
    .select()
    .from(announcementReads)
    .where(
      and(
        eq(announcementReads.announcementId, announcementId),
        eq(announcementReads.userId, userId),
      ),
    );
  return row;
}

export interface AnnouncementContext {
  announcement: AnnouncementRow;
  /** The caller is in its audience. */
  member: boolean;
}

/** The announcement as the caller may see it (404 otherwise), and manage it when asked (403). */
export async function announcementFor(
  db: DbOrTx,
  actor: Actor,
  id: number,
  options: { manage?: boolean; lock?: boolean; now?: Date } = {},
): Promise<AnnouncementContext> {
  const announcement = await loadAnnouncement(db, id, options);
  if (!announcement) throw notFound(ANNOUNCEMENT_NOT_FOUND);
  const member = inAudience(
    announcement.audience,
    announcement.organisationId === actor.organisationId
      ? await readerFacts(db, actor.userId, announcement)
      : null,
  );
  if (!canSeeAnnouncement(actor, announcement, member, options.now ?? new Date())) {
    throw notFound(ANNOUNCEMENT_NOT_FOUND);
  }
  if (options.manage && !canManageAnnouncement(actor, announcement)) {
    throw forbidden(MANAGERS_ONLY);
  }
  return { announcement, member };
}
