import type { TLearningPathEnrolment, TLearningPathProgress } from '@atrium/contract';
import { and, asc, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { learningPathEnrolments } from '../../schema/learning-paths.table.ts';
import { users } from '../../schema/users.table.ts';
import { type PathEnrolment, pathEnrolmentState } from './paths.repository.ts';

/**
 * The progress table's queries: a path's enrolments with their learners, filtered by state (the
 * SQL mirror of pathEnrolmentState) and by name or e-mail, on
 * learning_path_enrolments_path_status_idx (path, status, id).
 */

export const ENROLMENT_NOT_FOUND = 'Learning path enrolment not found.';

/** pathEnrolmentState() as SQL: the rows of the path in that state at `now`. */
export function stateIs(state: TLearningPathProgress, now: Date): SQL {
  const e = learningPathEnrolments;
  const notOverdue = sql`(${e.dueAt} is null or ${e.dueAt} >= ${now.toISOString()}::timestamptz)`;
  const started = sql`(${e.progressPercent} > 0 or ${e.completedItems} > 0)`;
  switch (state) {
    case 'requested':
      return eq(e.status, 'requested');
    case 'completed':
      return eq(e.status, 'completed');
    case 'overdue':
      return sql`${e.status} = 'enrolled' and ${e.dueAt} < ${now.toISOString()}::timestamptz`;
    case 'in_progress':
      return sql`${e.status} = 'enrolled' and ${notOverdue} and ${started}`;
    case 'not_started':
      return sql`${e.status} = 'enrolled' and ${notOverdue} and not ${started}`;
  }
}

/** The learner's name or e-mail contains the text (case-insensitive). */
function learnerMatches(search: string): SQL {
  const needle = `%${search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
  return sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${needle} or lower(${users.username}) like ${needle} or lower(${users.email}) like ${needle})`;
}

export interface EnrolmentFilter {
  pathId: number;
  state?: TLearningPathProgress;
  search?: string;
}

function conditions(f: EnrolmentFilter, now: Date): SQL | undefined {
  return and(
    eq(learningPathEnrolments.pathId, f.pathId),
    f.state ? stateIs(f.state, now) : undefined,
    f.search ? learnerMatches(f.search) : undefined,
  );
}

function selectRows(db: DbOrTx) {
  return db
    .select({
      e: learningPathEnrolments,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
    })
    .from(learningPathEnrolments)
    .innerJoin(users, eq(users.id, learningPathEnrolments.userId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEnrolment(
  r: { e: PathEnrolment; firstName: string; lastName: string; username: string; email: string },
  requiredItems: number,
  now: Date,
): TLearningPathEnrolment {
  const { e } = r;
  return {
    id: e.id,
    learning_path: e.pathId,
    user: {
      id: e.userId,
      fullname: `${r.firstName} ${r.lastName}`.trim() || r.username,
      email: r.email,
    },
    state: pathEnrolmentState(e, now),
    source: e.source,
    progress_percent: e.progressPercent,
    completed_items: e.completedItems,
    required_items: requiredItems,
    enrolled_at: iso(e.enrolledAt),
    due_at: iso(e.dueAt),
    completed_at: iso(e.completedAt),
    expires_at: iso(e.expiresAt),
  };
}

/** A page of the path's enrolments in enrolment order, and their number. */
export async function listEnrolments(
  db: DbOrTx,
  f: EnrolmentFilter,
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ count: number; rows: Row[] }> {
  const where = conditions(f, now);
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(asc(learningPathEnrolments.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(learningPathEnrolments)
      .innerJoin(users, eq(users.id, learningPathEnrolments.userId))
      .where(where),
  ]);
  return { count: total?.n ?? 0, rows };
}

/**
 * Every enrolment of the filter, a batch at a time after the last id (keyset: each batch is an
 * index range, however far into a large path the export is).
 */
export async function* iterateEnrolments(
  db: DbOrTx,
  f: EnrolmentFilter,
  now: Date,
  batch = 1_000,
): AsyncGenerator<Row> {
  let after = 0;
  for (;;) {
    const rows = await selectRows(db)
      .where(and(conditions(f, now), gt(learningPathEnrolments.id, after)))
      .orderBy(asc(learningPathEnrolments.id))
      .limit(batch);
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.e.id;
  }
}

/** One enrolment with its learner (for the answer of a change, a join). */
export async function enrolmentRow(db: DbOrTx, id: number): Promise<Row | undefined> {
  const [row] = await selectRows(db).where(eq(learningPathEnrolments.id, id));
  return row;
}

/**
 * The user ids of the path's enrolments in any of the states (everyone enrolled or completed
 * when none is given): the recipients of a manager's message.
 */
export async function learnerIdsIn(
  db: DbOrTx,
  pathId: number,
  states: readonly TLearningPathProgress[] | undefined,
  now: Date,
): Promise<number[]> {
  const inStates =
    states && states.length > 0
      ? sql.join(
          states.map((s) => sql`(${stateIs(s, now)})`),
          sql` or `,
        )
      : sql`${learningPathEnrolments.status} in ('enrolled', 'completed')`;
  const rows = await db
    .select({ userId: learningPathEnrolments.userId })
    .from(learningPathEnrolments)
    .where(and(eq(learningPathEnrolments.pathId, pathId), sql`(${inStates})`));
  return rows.map((r) => r.userId);
}
