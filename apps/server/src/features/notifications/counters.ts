import { ROLE, type TCounters } from '@atrium/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { courses } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { managedBy } from '../catalogue/index.ts';
import { unreadMessageCount } from '../messages/index.ts';
import { unreadCounts } from './notifications.repository.ts';

/** Pending enrolment requests in the courses this person manages (catalogue's rule in SQL). */
export async function pendingRequests(db: DbOrTx, actor: Actor): Promise<number> {
  if (actor.roleId === ROLE.LEARNER && !actor.isSuperadmin) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(courseEnrolments)
    .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
    .where(and(eq(courseEnrolments.status, 'requested'), managedBy(actor)));
  return row?.n ?? 0;
}

/** The top bar's counts; the stream's 'counters' messages carry the same numbers as they change. */
export async function countersFor(db: DbOrTx, actor: Actor): Promise<TCounters> {
  const unread = await unreadCounts(db, [actor.userId]);
  return {
    notifications: unread.get(actor.userId) ?? 0,
    requests: await pendingRequests(db, actor),
    // Conversations of the organisation signed in to: another membership's are not shown here.
    messages: await unreadMessageCount(db, actor.userId, actor.organisationId),
  };
}
