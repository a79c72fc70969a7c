import type {
  TJournalCreate,
  TJournalEntry,
  TJournalPage,
  TJournalUpdate,
  ZJournalQuery,
} from '@atrium/contract';
import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { boundedCount, COUNT_LIMIT, pageBounds, toPage } from '../../core/http/pagination.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import { classroomSessions, classroomSessionTrainers } from '../../schema/classrooms.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { journalEntries } from '../../schema/journals.table.ts';
import { users } from '../../schema/users.table.ts';
import { assertCourseLink, assertSessionLink } from './journals.links.ts';
import { canEditEntry, canReadEntry, isOwner, sharedScope } from './journals.policy.ts';

/**
 * Journal entries (`journal/`, `update_journal/{id}/`): the author's list and writes, the
 * shared-with-me list, and one entry for whoever may read it. Nothing is audited: the journal is
 * personal. Every list is one statement for the page (course, session and author joined) and one
 * bounded count.
 */

type Query = z.infer<typeof ZJournalQuery>;
const NOT_FOUND = 'Journal entry not found.';

/** The columns a presented entry needs, joined in the same statement as the entries. */
const columns = {
  entry: journalEntries,
  courseTitle: courses.title,
  courseAuthor: courses.createdBy,
  sessionTitle: classroomSessions.title,
  sessionStartsAt: classroomSessions.startsAt,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

const selectEntries = (db: DbOrTx) =>
  db
    .select(columns)
    .from(journalEntries)
    .innerJoin(users, eq(users.id, journalEntries.userId))
    .leftJoin(courses, eq(courses.id, journalEntries.courseId))
    .leftJoin(classroomSessions, eq(classroomSessions.id, journalEntries.sessionId));

type Row = Awaited<ReturnType<ReturnType<typeof selectEntries>['where']>>[number];

function present(actor: Actor, r: Row): TJournalEntry {
  const e = r.entry;
  const mine = isOwner(actor, e);
  const fullname = `${r.firstName} ${r.lastName}`.trim() || r.username;
  return {
    id: e.id,
    title: e.title,
    body_html: e.bodyHtml,
    went_well: e.wentWell,
    to_improve: e.toImprove,
    course:
      e.courseId !== null && r.courseTitle !== null
        ? { id: e.courseId, title: r.courseTitle }
        : null,
    session:
      e.sessionId !== null && r.sessionTitle !== null && r.sessionStartsAt !== null
        ? { id: e.sessionId, title: r.sessionTitle, starts_at: r.sessionStartsAt.toISOString() }
        : null,
    visibility: e.visibility,
    author: { id: e.userId, fullname },
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
    abilities: { edit: mine, delete: mine },
  };
}

const searchOf = (q: Query): SQL | undefined => {
  if (!q.search) return undefined;
  const needle = `%${q.search.replace(/[%_\\]/g, '\\$&')}%`;
  return or(
    ilike(journalEntries.title, needle),
    ilike(journalEntries.bodyHtml, needle),
    ilike(journalEntries.wentWell, needle),
    ilike(journalEntries.toImprove, needle),
  );
};

async function pageOf(
  db: DbOrTx,
  actor: Actor,
  filter: SQL | undefined,
  q: Query,
  requestUrl: string,
): Promise<TJournalPage> {
  const { limit, offset } = pageBounds(q);
  const [rows, counted] = await Promise.all([
    selectEntries(db)
      .where(filter)
      .orderBy(desc(journalEntries.updatedAt), desc(journalEntries.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(journalEntries)
        .where(filter)
        .limit(COUNT_LIMIT)
        .as('counted'),
    ),
  ]);
  return toPage(
    requestUrl,
    q,
    boundedCount(Number(counted[0]?.n ?? 0)),
    rows.map((r) => present(actor, r)),
  );
}

/** My entries, in the organisation I am signed in to. */
export function myEntries(db: DbOrTx, actor: Actor, q: Query, requestUrl: string) {
  const filter = and(
    eq(journalEntries.userId, actor.userId),
    eq(journalEntries.organisationId, actor.organisationId),
    searchOf(q),
  );
  return pageOf(db, actor, filter, q, requestUrl);
}

/**
 * Others' shared entries I may read: every one of the organisation for its admins, those linked
 * to my courses (I wrote them) or my sessions (I train them) for a trainer; nothing for others.
 * The SQL mirror of canReadEntry for someone who is not the author.
 */
export async function sharedEntries(
  db: DbOrTx,
  actor: Actor,
  q: Query,
  requestUrl: string,
): Promise<TJournalPage> {
  const scope = sharedScope(actor);
  if (scope === 'none') return toPage(requestUrl, q, 0, []);
  const trained =
    scope === 'trainer'
      ? or(
          sql`${journalEntries.courseId} in (select ${courses.id} from ${courses} where ${courses.createdBy} = ${actor.userId} and ${courses.organisationId} = ${actor.organisationId})`,
          sql`${journalEntries.sessionId} in (select ${classroomSessionTrainers.sessionId} from ${classroomSessionTrainers} where ${classroomSessionTrainers.userId} = ${actor.userId})`,
        )
      : undefined;
  const filter = and(
    eq(journalEntries.organisationId, actor.organisationId),
    eq(journalEntries.visibility, 'shared_with_trainer'),
    ne(journalEntries.userId, actor.userId),
    trained,
    searchOf(q),
  );
  return pageOf(db, actor, filter, q, requestUrl);
}

/** The entry with the facts its policy reads (course author, session trainers). */
async function loadEntry(db: DbOrTx, id: number) {
  const [row] = await selectEntries(db).where(eq(journalEntries.id, id));
  if (!row) return undefined;
  const sessionTrainers =
    row.entry.sessionId === null
      ? []
      : await db
          .select({ userId: classroomSessionTrainers.userId })
          .from(classroomSessionTrainers)
          .where(eq(classroomSessionTrainers.sessionId, row.entry.sessionId));
  const trainerIds = [
    ...(row.courseAuthor === null ? [] : [row.courseAuthor]),
    ...sessionTrainers.map((t) => t.userId),
  ];
  return { row, facts: { ...row.entry, trainerIds } };
}

export async function entryFor(db: DbOrTx, actor: Actor, id: number): Promise<TJournalEntry> {
  const found = await loadEntry(db, id);
  if (!found || !canReadEntry(actor, found.facts)) throw notFound(NOT_FOUND);
  return present(actor, found.row);
}

/** Author-only: anyone else (even a reader of a shared entry) is told it does not exist. */
async function ownEntry(db: DbOrTx, actor: Actor, id: number) {
  const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.id, id));
  if (!entry || !canEditEntry(actor, { ...entry, trainerIds: [] })) throw notFound(NOT_FOUND);
  return entry;
}

async function presentOne(db: DbOrTx, actor: Actor, id: number): Promise<TJournalEntry> {
  const [row] = await selectEntries(db).where(eq(journalEntries.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return present(actor, row);
}

export async function createEntry(
  ctx: AppContext,
  actor: Actor,
  input: TJournalCreate,
): Promise<TJournalEntry> {
  return ctx.db.transaction(async (tx) => {
    if (input.course_id !== null) await assertCourseLink(tx, actor, input.course_id);
    if (input.session_id !== null) await assertSessionLink(tx, actor, input.session_id);
    const [row] = await tx
      .insert(journalEntries)
      .values({
        userId: actor.userId,
        organisationId: actor.organisationId,
        title: input.title,
        bodyHtml: sanitiseRichText(input.body_html),
        wentWell: input.went_well,
        toImprove: input.to_improve,
        courseId: input.course_id,
        sessionId: input.session_id,
        visibility: input.visibility,
      })
      .returning({ id: journalEntries.id });
    return presentOne(tx, actor, row!.id);
  });
}

export async function updateEntry(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: TJournalUpdate,
): Promise<TJournalEntry> {
  return ctx.db.transaction(async (tx) => {
    const current = await ownEntry(tx, actor, id);
    // A link kept as it was is not checked again: the enrolment may have ended since.
    if (input.course_id != null && input.course_id !== current.courseId)
      await assertCourseLink(tx, actor, input.course_id);
    if (input.session_id != null && input.session_id !== current.sessionId)
      await assertSessionLink(tx, actor, input.session_id);
    await tx
      .update(journalEntries)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.body_html !== undefined ? { bodyHtml: sanitiseRichText(input.body_html) } : {}),
        ...(input.went_well !== undefined ? { wentWell: input.went_well } : {}),
        ...(input.to_improve !== undefined ? { toImprove: input.to_improve } : {}),
        ...(input.course_id !== undefined ? { courseId: input.course_id } : {}),
        ...(input.session_id !== undefined ? { sessionId: input.session_id } : {}),
        ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
        updatedAt: new Date(),
      })
      .where(eq(journalEntries.id, current.id));
    return presentOne(tx, actor, current.id);
  });
}

export async function removeEntry(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await ownEntry(tx, actor, id);
    await tx.delete(journalEntries).where(eq(journalEntries.id, current.id));
  });
}
