import type { TAnnouncement } from '@atrium/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { classroomClasses } from '../../schema/classrooms.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { departments, designations } from '../../schema/structure.table.ts';
import { users } from '../../schema/users.table.ts';
import { type AnnouncementRow, audienceFigures } from './announcements.access.ts';
import {
  announcementAbilities,
  announcementState,
  canManageAnnouncement,
} from './announcements.policy.ts';

/** How the API shows announcements: one query per kind of fact for the whole page, not per row. */

export const personName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

/** A row as the lists and loaders read it: the announcement, the caller's reading, membership. */
export interface LoadedAnnouncement {
  announcement: AnnouncementRow;
  readAt: Date | null;
  acknowledgedAt: Date | null;
  /** The caller is in its audience. */
  member: boolean;
}

const unique = (xs: (number | null | undefined)[]) =>
  [...new Set(xs)].filter((x): x is number => typeof x === 'number');

export async function presentAnnouncements(
  db: DbOrTx,
  actor: Actor,
  rows: LoadedAnnouncement[],
  now = new Date(),
): Promise<TAnnouncement[]> {
  if (rows.length === 0) return [];
  const authorIds = unique(rows.map((r) => r.announcement.createdBy));
  const courseIds = unique(rows.map((r) => r.announcement.audience?.course));
  const classIds = unique(rows.map((r) => r.announcement.audience?.class));
  const departmentIds = unique(rows.flatMap((r) => r.announcement.audience?.departments ?? []));
  const designationIds = unique(rows.flatMap((r) => r.announcement.audience?.designations ?? []));
  const [authors, courseTitles, classNames, departmentNames, designationNames, figures] =
    await Promise.all([
      authorIds.length
        ? db
            .select({ id: users.id, fullname: personName })
            .from(users)
            .where(inArray(users.id, authorIds))
        : [],
      courseIds.length
        ? db
            .select({ id: courses.id, title: courses.title })
            .from(courses)
            .where(inArray(courses.id, courseIds))
        : [],
      classIds.length
        ? db
            .select({ id: classroomClasses.id, name: classroomClasses.name })
            .from(classroomClasses)
            .where(inArray(classroomClasses.id, classIds))
        : [],
      departmentIds.length
        ? db
            .select({ id: departments.id, name: departments.name })
            .from(departments)
            .where(inArray(departments.id, departmentIds))
        : [],
      designationIds.length
        ? db
            .select({ id: designations.id, name: designations.name })
            .from(designations)
            .where(inArray(designations.id, designationIds))
        : [],
      audienceFigures(
        db,
        rows
          .filter((r) => canManageAnnouncement(actor, r.announcement))
          .map((r) => r.announcement.id),
      ),
    ]);
  const byAuthor = new Map(authors.map((u) => [u.id, u]));
  const byCourse = new Map(courseTitles.map((c) => [c.id, c]));
  const byClass = new Map(classNames.map((c) => [c.id, c]));
  const departmentName = new Map(departmentNames.map((d) => [d.id, d.name]));
  const designationName = new Map(designationNames.map((d) => [d.id, d.name]));
  return rows.map(({ announcement: a, readAt, acknowledgedAt, member }) => {
    const audience = a.audience;
    return {
      id: a.id,
      organisation: a.organisationId,
      title: a.title,
      body: a.body,
      audience: audience
        ? {
            departments: audience.departments,
            designations: audience.designations,
            // A group deleted since keeps its place, unnamed.
            department_names: audience.departments.map((id) => departmentName.get(id) ?? ''),
            designation_names: audience.designations.map((id) => designationName.get(id) ?? ''),
            roles: audience.roles,
            course: (audience.course === null ? undefined : byCourse.get(audience.course)) ?? null,
            class: (audience.class === null ? undefined : byClass.get(audience.class)) ?? null,
          }
        : null,
      publish_at: a.publishAt.toISOString(),
      expires_at: a.expiresAt?.toISOString() ?? null,
      state: announcementState(a, now),
      pinned: a.pinned,
      must_acknowledge: a.mustAcknowledge,
      send_email: a.sendEmail,
      author: (a.createdBy === null ? undefined : byAuthor.get(a.createdBy)) ?? null,
      created_at: a.createdAt.toISOString(),
      updated_at: a.updatedAt.toISOString(),
      reader: member,
      read_at: readAt?.toISOString() ?? null,
      acknowledged_at: acknowledgedAt?.toISOString() ?? null,
      stats: figures.get(a.id) ?? (canManageAnnouncement(actor, a) ? zero : null),
      abilities: announcementAbilities(actor, a, { member, acknowledgedAt, now }),
    };
  });
}

const zero = { audience: 0, read: 0, acknowledged: 0 };
