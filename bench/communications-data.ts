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

export const WALL_POSTS = 5_000;

export interface WallSummary {
  posts: number;
  comments: number;
  reactions: number;
}

/**
 * The wall-feed journey's data: WALL_POSTS posts over the last 60 days by the organisation's
 * first 50 members, as a busy organisation's wall looks: a third with one to three images, one
 * in ten mentioning someone with a #hashtag, four comments and three reactions a post on average.
 * Set-based like the thread. The images are only the posts' stored sizes: the feed never opens
 * the files.
 */
export async function seedWallFeed(
  db: Db,
  options: { organisationId: number },
): Promise<WallSummary> {
  const { organisationId } = options;
  const authors = sql`(select array_agg(user_id order by user_id) from (
      select user_id from memberships where organisation_id = ${organisationId}
      order by user_id limit 50) m)`;
  await db.execute(sql`
    insert into wall_posts (organisation_id, user_id, body, images, created_at)
    select ${organisationId}, (${authors})[1 + n % 50],
      'Update ' || n || ' from the team: the new rota is up.'
        || case when n % 10 = 0 then ' Thanks @learner #rota' else '' end,
      case when n % 3 = 0 then (
        select jsonb_agg(jsonb_build_object('uuid', gen_random_uuid(), 'width', 1280, 'height', 720))
        from generate_series(1, 1 + n % 3)) else '[]'::jsonb end,
      now() - make_interval(secs => (${WALL_POSTS} - n) * 1036)
    from generate_series(1, ${WALL_POSTS}) n`);
  const posts = sql`(select id, user_id, created_at from wall_posts where organisation_id = ${organisationId})`;
  await db.execute(sql`
    insert into wall_hashtags (post_id, tag, organisation_id, created_at)
    select p.id, 'rota', ${organisationId}, p.created_at from ${posts} p
    join wall_posts w on w.id = p.id where w.body like '%#rota'
    on conflict do nothing`);
  await db.execute(sql`
    insert into wall_mentions (post_id, user_id)
    select p.id, u.id from ${posts} p join wall_posts w on w.id = p.id
    join users u on u.username = 'learner' where w.body like '%@learner%'
    on conflict do nothing`);
  await db.execute(sql`
    insert into wall_comments (post_id, user_id, body, created_at)
    select p.id, (${authors})[1 + (p.id + k) % 50], 'Comment ' || k || ': noted, thanks.',
      p.created_at + make_interval(mins => k)
    from ${posts} p cross join generate_series(1, 4) k where (p.id + k) % 5 <> 0`);
  await db.execute(sql`
    insert into wall_reactions (post_id, user_id, kind, created_at)
    select p.id, (${authors})[1 + (p.id + k * 7) % 50],
      (array['like','celebrate','love','insightful','curious'])[1 + k % 5], p.created_at
    from ${posts} p cross join generate_series(1, 3) k
    on conflict do nothing`);
  const [counted] = await queryRows<WallSummary>(
    db,
    sql`select
      (select count(*)::int from wall_posts where organisation_id = ${organisationId}) as posts,
      (select count(*)::int from wall_comments c join wall_posts p on p.id = c.post_id
        where p.organisation_id = ${organisationId}) as comments,
      (select count(*)::int from wall_reactions r join wall_posts p on p.id = r.post_id
        where p.organisation_id = ${organisationId}) as reactions`,
  );
  return counted ?? { posts: 0, comments: 0, reactions: 0 };
}
