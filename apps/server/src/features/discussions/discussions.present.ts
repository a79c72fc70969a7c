import type { TDiscussionAnswer, TDiscussionPerson, TDiscussionSummary } from '@atrium/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { classroomClasses } from '../../schema/classrooms.table.ts';
import { courses } from '../../schema/courses.table.ts';
import {
  discussionAnswers,
  discussionFollows,
  discussionReactions,
  discussions,
  discussionTypes,
} from '../../schema/discussions.table.ts';
import { forums } from '../../schema/forums.table.ts';
import { learningPaths } from '../../schema/learning-paths.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { users } from '../../schema/users.table.ts';
import { photoUrl } from '../profiles/index.ts';
import type { AnswerRow, TopicContext, TopicRow } from './discussions.access.ts';
import { answerAbilities } from './discussions.policy.ts';
import { excerptOf } from './discussions.text.ts';

/**
 * How the API shows topics and answers: one query per page (the author, the type, the scope's
 * name, the caller's reaction and follow are joins; the counts are columns of the row), never a
 * query per row.
 */

const fullname = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

const personColumns = {
  personId: users.id,
  personName: fullname,
  personPhoto: userProfiles.photoKey,
};

const person = (r: { personId: number; personName: string; personPhoto: string | null }) =>
  ({
    id: r.personId,
    fullname: r.personName,
    image: photoUrl(r.personId, r.personPhoto),
  }) satisfies TDiscussionPerson;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** A topic's row as the lists and the detail read it. */
export function selectTopics(db: DbOrTx, actor: Actor) {
  return db
    .select({
      topic: discussions,
      typeName: discussionTypes.name,
      kind: discussionTypes.kind,
      ...personColumns,
      courseTitle: courses.title,
      pathTitle: learningPaths.title,
      className: classroomClasses.name,
      forumSlug: forums.slug,
      forumName: forums.name,
      myReaction: discussionReactions.value,
      following: sql<boolean>`(${discussionFollows.userId} is not null)`,
    })
    .from(discussions)
    .innerJoin(discussionTypes, eq(discussionTypes.id, discussions.typeId))
    .innerJoin(users, eq(users.id, discussions.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, discussions.userId))
    .leftJoin(courses, eq(courses.id, discussions.courseId))
    .leftJoin(learningPaths, eq(learningPaths.id, discussions.pathId))
    .leftJoin(classroomClasses, eq(classroomClasses.id, discussions.classId))
    .leftJoin(forums, eq(forums.id, discussions.forumId))
    .leftJoin(
      discussionReactions,
      and(
        eq(discussionReactions.discussionId, discussions.id),
        eq(discussionReactions.userId, actor.userId),
      ),
    )
    .leftJoin(
      discussionFollows,
      and(
        eq(discussionFollows.discussionId, discussions.id),
        eq(discussionFollows.userId, actor.userId),
      ),
    )
    .$dynamic();
}

export type LoadedTopic = Awaited<ReturnType<typeof selectTopics>>[number];

function scopeRef(r: LoadedTopic): TDiscussionSummary['scope_ref'] {
  const t = r.topic;
  if (t.courseId !== null) return { id: t.courseId, name: r.courseTitle ?? '' };
  if (t.pathId !== null) return { id: t.pathId, name: r.pathTitle ?? '' };
  if (t.classId !== null) return { id: t.classId, name: r.className ?? '' };
  return null;
}

export function toSummary(r: LoadedTopic): TDiscussionSummary {
  const t = r.topic;
  return {
    id: t.id,
    type: { id: t.typeId, name: r.typeName, kind: r.kind },
    scope: t.scope,
    scope_ref: scopeRef(r),
    forum: r.forumSlug === null ? null : { slug: r.forumSlug, name: r.forumName ?? '' },
    title: t.title,
    excerpt: excerptOf(t.bodyText),
    user: person(r),
    created_at: t.createdAt.toISOString(),
    last_activity_at: t.lastActivityAt.toISOString(),
    pinned: t.pinned,
    locked: t.locked,
    closed: t.closed,
    accepted_answer: r.kind === 'question' ? t.acceptedAnswerId : null,
    answer_count: t.answerCount,
    view_count: t.viewCount,
    likes: t.likes,
    dislikes: t.dislikes,
    my_reaction: r.myReaction ?? 0,
    following: Boolean(r.following),
    attachment_count: t.attachmentCount,
    moderation_state: t.moderationState,
  };
}

/** Answers with their authors and the caller's reaction, as one query (the caller orders it). */
export function selectAnswers(db: DbOrTx, actor: Actor, where: SQL | undefined) {
  return db
    .select({ answer: discussionAnswers, ...personColumns, myReaction: discussionReactions.value })
    .from(discussionAnswers)
    .innerJoin(users, eq(users.id, discussionAnswers.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, discussionAnswers.userId))
    .leftJoin(
      discussionReactions,
      and(
        eq(discussionReactions.answerId, discussionAnswers.id),
        eq(discussionReactions.userId, actor.userId),
      ),
    )
    .where(where)
    .$dynamic();
}

export type LoadedAnswer = Awaited<ReturnType<typeof selectAnswers>>[number];

/** An answer for the caller, its abilities from the topic they loaded (no query). */
export function toAnswer(actor: Actor, c: TopicContext, r: LoadedAnswer): TDiscussionAnswer {
  const a: AnswerRow = r.answer;
  const topic: TopicRow = c.topic;
  return {
    id: a.id,
    discussion: a.discussionId,
    parent: a.parentId,
    user: person(r),
    body: a.body,
    created_at: a.createdAt.toISOString(),
    edited_at: iso(a.editedAt),
    accepted: c.facts.kind === 'question' && topic.acceptedAnswerId === a.id,
    likes: a.likes,
    dislikes: a.dislikes,
    my_reaction: r.myReaction ?? 0,
    moderation_state: a.moderationState,
    abilities: answerAbilities(actor, c.facts, c.standing, a),
  };
}

/** One answer as the caller sees it (after a write). */
export async function presentAnswer(
  db: DbOrTx,
  actor: Actor,
  c: TopicContext,
  answerId: number,
): Promise<TDiscussionAnswer> {
  const [row] = await selectAnswers(db, actor, eq(discussionAnswers.id, answerId));
  if (!row) throw new Error(`answer ${answerId} vanished`);
  return toAnswer(actor, c, row);
}
