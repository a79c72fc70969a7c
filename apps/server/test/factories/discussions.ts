import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/core/db/database.ts';
import {
  type DiscussionKind,
  type DiscussionScope,
  discussionAnswers,
  discussionFollows,
  discussions,
  discussionTypes,
} from '../../src/schema/discussions.table.ts';

const suffix = () => randomBytes(3).toString('hex');

/** The organisation's types by kind (the three defaults, made when it has none). */
export async function discussionTypesOf(db: DbOrTx, organisationId: number) {
  let rows = await db
    .select()
    .from(discussionTypes)
    .where(eq(discussionTypes.organisationId, organisationId))
    .orderBy(asc(discussionTypes.id));
  if (rows.length === 0) {
    rows = await db
      .insert(discussionTypes)
      .values(
        (['question', 'idea', 'general'] as DiscussionKind[]).map((kind) => ({
          organisationId,
          name: kind[0]!.toUpperCase() + kind.slice(1),
          kind,
        })),
      )
      .returning();
  }
  const of = (kind: DiscussionKind) => rows.find((r) => r.kind === kind)!.id;
  return { question: of('question'), idea: of('idea'), general: of('general') };
}

export interface DiscussionOptions {
  organisationId: number;
  userId: number;
  typeId?: number;
  scope?: DiscussionScope;
  courseId?: number | null;
  pathId?: number | null;
  classId?: number | null;
  title?: string;
  body?: string;
  pinned?: boolean;
  locked?: boolean;
  closed?: boolean;
  createdAt?: Date;
}

/**
 * A topic written straight to the table (an organisation question unless told otherwise), its
 * author following it: for lists and loads that the API would take minutes to make.
 */
export async function makeDiscussion(db: DbOrTx, o: DiscussionOptions) {
  const typeId = o.typeId ?? (await discussionTypesOf(db, o.organisationId)).question;
  const title = o.title ?? `Topic ${suffix()}`;
  const text = o.body ?? `About ${title}`;
  const at = o.createdAt ?? new Date();
  const [row] = await db
    .insert(discussions)
    .values({
      organisationId: o.organisationId,
      typeId,
      scope: o.scope ?? 'organisation',
      courseId: o.courseId ?? null,
      pathId: o.pathId ?? null,
      classId: o.classId ?? null,
      userId: o.userId,
      title,
      body: `<p>${text}</p>`,
      bodyText: text,
      pinned: o.pinned ?? false,
      locked: o.locked ?? false,
      closed: o.closed ?? false,
      createdAt: at,
      updatedAt: at,
      lastActivityAt: at,
    })
    .returning();
  await db.insert(discussionFollows).values({ discussionId: row!.id, userId: o.userId });
  return row!;
}

/** Answers written straight to the table, in one statement, with the topic's count moved. */
export async function makeDiscussionAnswers(
  db: DbOrTx,
  discussionId: number,
  answers: { userId: number; parentId?: number | null; text?: string; createdAt?: Date }[],
) {
  const rows = await db
    .insert(discussionAnswers)
    .values(
      answers.map((a, i) => ({
        discussionId,
        userId: a.userId,
        parentId: a.parentId ?? null,
        body: `<p>${a.text ?? `Answer ${i + 1}`}</p>`,
        bodyText: a.text ?? `Answer ${i + 1}`,
        createdAt: a.createdAt ?? new Date(Date.now() + i),
      })),
    )
    .returning();
  await db
    .update(discussions)
    .set({ answerCount: sql`${discussions.answerCount} + ${rows.length}` })
    .where(eq(discussions.id, discussionId));
  return rows;
}
