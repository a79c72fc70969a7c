import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../apps/server/src/core/db/database.ts';
import { discussions, discussionTypes } from '../apps/server/src/schema/discussions.table.ts';

/**
 * The communications journeys' data (issue 20): one organisation topic with THREAD_ANSWERS
 * answers, as a long-running question thread grows (700 top-level answers, 300 replies spread
 * over the first 100 of them, likes on some), written by the organisation's first 50 members.
 * Inserted set-based (one `insert ... select` per level) so seeding stays a second or two.
 */

export const THREAD_TITLE = 'Bench thread with a thousand answers';
export const THREAD_ANSWERS = 1_000;
const TOP_LEVEL = 700;

export interface ThreadSummary {
  id: number;
  answers: number;
}

export async function seedDiscussionThread(
  db: Db,
  options: { organisationId: number; authorId: number },
): Promise<ThreadSummary> {
  const { organisationId, authorId } = options;
  const [type] = await db
    .select({ id: discussionTypes.id })
    .from(discussionTypes)
    .where(
      and(eq(discussionTypes.organisationId, organisationId), eq(discussionTypes.kind, 'question')),
    );
  if (!type) throw new Error('The demo organisation has no question type to seed a thread with.');
  const body = '<p>Which of the safety procedures applies to night shifts?</p>';
  const [topic] = await db
    .insert(discussions)
    .values({
      organisationId,
      typeId: type.id,
      scope: 'organisation',
      userId: authorId,
      title: THREAD_TITLE,
      body,
      bodyText: 'Which of the safety procedures applies to night shifts?',
    })
    .returning({ id: discussions.id });
  if (!topic) throw new Error('The bench thread was not inserted.');
  // Answer n is written by member (n mod 50); createdAt one minute apart, oldest first.
  const authors = sql`(select array_agg(user_id order by user_id) from (
      select user_id from memberships where organisation_id = ${organisationId}
      order by user_id limit 50) m)`;
  await db.execute(sql`
    insert into discussion_answers (discussion_id, user_id, body, body_text, likes, created_at)
    select ${topic.id}, (${authors})[1 + n % 50],
      '<p>Answer ' || n || ': check the night-shift annex, section ' || (n % 12 + 1) || '.</p>',
      'Answer ' || n || ': check the night-shift annex, section ' || (n % 12 + 1) || '.',
      n % 7, now() - make_interval(mins => ${THREAD_ANSWERS} - n)
    from generate_series(1, ${TOP_LEVEL}) n`);
  await db.execute(sql`
    insert into discussion_answers (discussion_id, parent_id, user_id, body, body_text, created_at)
    select ${topic.id}, p.id, (${authors})[1 + n % 50],
      '<p>Reply ' || n || ': thanks, that helped.</p>', 'Reply ' || n || ': thanks, that helped.',
      p.created_at + make_interval(secs => n)
    from generate_series(1, ${THREAD_ANSWERS - TOP_LEVEL}) n
    join lateral (select id, created_at from discussion_answers
      where discussion_id = ${topic.id} and parent_id is null
      order by id offset (n % 100) limit 1) p on true`);
  const [counted] = await queryRows<{ count: number }>(
    db,
    sql`update discussions set answer_count = (select count(*) from discussion_answers
        where discussion_id = ${topic.id}), last_activity_at = now()
      where id = ${topic.id} returning answer_count as count`,
  );
  return { id: topic.id, answers: Number(counted?.count ?? 0) };
}
