import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../apps/server/src/core/db/database.ts';
import { discussionTypes } from '../apps/server/src/schema/discussions.table.ts';

/**
 * The search journeys' discussions (issue 23: "search over 10,000 courses and 100,000 discussion
 * posts"): BENCH_DISCUSSION_POSTS posts as organisation topics of TOPIC_SIZE posts each (the topic
 * and its answers), written by the organisation's first 50 members, on the subjects the courses
 * are about, so a search word matches courses and topics alike. Set-based like the thread.
 */

const TOPIC_SIZE = 10;
const SUBJECTS = [
  'fire safety drill',
  'data protection request',
  'leadership workshop',
  'excel pivot table',
  'first aid kit',
  'customer service script',
  'negotiation role play',
  'python script',
  'project management plan',
  'equality and diversity policy',
  'cyber security phishing',
  'manual handling assessment',
];
const PHRASES = [
  'Where do I find the latest version of the',
  'Who signs off the',
  'Has anyone tried the new',
  'Is there a template for the',
  'How long should we keep records of the',
];

export interface SearchDataSummary {
  topics: number;
  posts: number;
}

export async function seedSearchDiscussions(
  db: Db,
  options: { organisationId: number; posts: number },
): Promise<SearchDataSummary> {
  const { organisationId } = options;
  const topics = Math.floor(options.posts / TOPIC_SIZE);
  if (topics === 0) return { topics: 0, posts: 0 };
  const [type] = await db
    .select({ id: discussionTypes.id })
    .from(discussionTypes)
    .where(
      and(eq(discussionTypes.organisationId, organisationId), eq(discussionTypes.kind, 'question')),
    );
  if (!type) throw new Error('The demo organisation has no question type to seed topics with.');
  const authors = sql`(select array_agg(user_id order by user_id) from (
      select user_id from memberships where organisation_id = ${organisationId}
      order by user_id limit 50) m)`;
  const subjects = sql`${`{${SUBJECTS.map((s) => `"${s}"`).join(',')}}`}::text[]`;
  const phrases = sql`${`{${PHRASES.map((s) => `"${s}"`).join(',')}}`}::text[]`;
  // Topic n: a phrase about a subject; its text names the subject again with a detail.
  const title = sql`(${phrases})[1 + n % ${PHRASES.length}] || ' ' || (${subjects})[1 + (n / ${PHRASES.length}) % ${SUBJECTS.length}] || ' (' || n || ')'`;
  const text = sql`'We are reviewing the ' || (${subjects})[1 + (n / ${PHRASES.length}) % ${SUBJECTS.length}] || ' for site ' || (n % 40 + 1) || ' and need the current guidance before the audit.'`;
  const [inserted] = await queryRows<{ first: number | null; count: number }>(
    db,
    sql`with ins as (
      insert into discussions (organisation_id, type_id, scope, user_id, title, body, body_text,
        created_at, last_activity_at)
      select ${organisationId}, ${type.id}, 'organisation', (${authors})[1 + n % 50],
        ${title}, '<p>' || ${text} || '</p>', ${text},
        now() - make_interval(mins => ${topics} - n), now() - make_interval(mins => ${topics} - n)
      from generate_series(1, ${topics}) n
      returning id)
    select min(id)::int as first, count(*)::int as count from ins`,
  );
  const first = inserted?.first ?? 0;
  const answer = sql`'Answer ' || a || ': the latest ' || substring(d.body_text from 'reviewing the (.*) for site') || ' is in the shared drive, folder ' || (a % 9 + 1) || '.'`;
  await db.execute(sql`
    insert into discussion_answers (discussion_id, user_id, body, body_text, created_at)
    select d.id, (${authors})[1 + (d.id + a) % 50],
      '<p>' || ${answer} || '</p>', ${answer},
      d.created_at + make_interval(secs => a)
    from discussions d cross join generate_series(1, ${TOPIC_SIZE - 1}) a
    where d.organisation_id = ${organisationId} and d.id >= ${first}`);
  await db.execute(sql`
    update discussions d set answer_count = ${TOPIC_SIZE - 1}
    where d.organisation_id = ${organisationId} and d.id >= ${first}`);
  return { topics: inserted?.count ?? 0, posts: (inserted?.count ?? 0) * TOPIC_SIZE };
}
