import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { courses } from '../../schema/courses.table.ts';
import { discussionFollows, discussions, discussionTypes } from '../../schema/discussions.table.ts';
import { forums } from '../../schema/forums.table.ts';
import { provisionTypes } from '../discussions/index.ts';

const DEMO_COURSE = 'Fire Safety Essentials';

/**
 * Forums to show: the organisation's "General" (auto: everyone is subscribed until they leave)
 * with a welcome thread of the admin's, and an optional forum on the fire-safety course. Matched
 * by slug: what exists is left alone. The thread is not mailed (no mail_due_at): it is scenery.
 */
export async function seedDemoForums(
  tx: DbOrTx,
  organisationId: number,
  people: Record<string, number>,
): Promise<boolean> {
  const admin = people.admin;
  if (admin === undefined) return false;
  let created = false;
  const [general] = await tx
    .insert(forums)
    .values({
      organisationId,
      scope: 'organisation',
      slug: 'general',
      name: 'General',
      description: 'News, questions and ideas for everyone in the organisation.',
      subscriptionMode: 'auto',
      createdBy: admin,
    })
    .onConflictDoNothing()
    .returning({ id: forums.id });
  if (general) {
    created = true;
    await provisionTypes(tx, organisationId);
    const [type] = await tx
      .select({ id: discussionTypes.id })
      .from(discussionTypes)
      .where(
        and(
          eq(discussionTypes.organisationId, organisationId),
          eq(discussionTypes.kind, 'general'),
        ),
      )
      .limit(1);
    if (type) {
      const body = '<p>Introduce yourself and tell us what you are learning this month.</p>';
      const [thread] = await tx
        .insert(discussions)
        .values({
          organisationId,
          typeId: type.id,
          scope: 'organisation',
          forumId: general.id,
          userId: admin,
          title: 'Welcome to the General forum',
          body,
          bodyText: 'Introduce yourself and tell us what you are learning this month.',
        })
        .returning({ id: discussions.id });
      await tx.insert(discussionFollows).values({ discussionId: thread!.id, userId: admin });
    }
  }
  const [course] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.organisationId, organisationId), eq(courses.title, DEMO_COURSE)));
  if (course) {
    const inserted = await tx
      .insert(forums)
      .values({
        organisationId,
        scope: 'course',
        courseId: course.id,
        slug: 'fire-safety',
        name: 'Fire safety questions',
        description: 'Ask the course team about the fire-safety course.',
        subscriptionMode: 'optional',
        createdBy: admin,
      })
      .onConflictDoNothing()
      .returning({ id: forums.id });
    if (inserted.length > 0) created = true;
  }
  return created;
}
