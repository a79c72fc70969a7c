import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { queryRows } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { scheduleRecurring, startRecurring } from '../../core/jobs/recurring.ts';
import { defineJob } from '../../core/module.ts';
import { learningPathEnrolments, learningPaths } from '../../schema/learning-paths.table.ts';
import { reopenCourseEnrolments } from '../learning/index.ts';
import type { PathReminderEvent } from './learning-paths.events.ts';
import { dueDateFor } from './progress.service.ts';
import { loadPathGraphs } from './structure.repository.ts';

declare module '../../core/jobs/queue.ts' {
  interface JobTypes {
    /** Enrols new audience members, sends due reminders, re-enrols expired completions; then queues its next run. */
    'learning_paths.sync': Record<string, never>;
  }
}

/** Membership changes and due dates are in days: ten minutes is prompt enough. */
export const SYNC_EVERY_MS = 10 * 60_000;
/** Rows per transaction for the reminders and recertification (a fixed due date can hit thousands at once). */
const BATCH = 1_000;
/** The contract's largest due_soon_days: bounds the due-date index range the reminder reads. */
const MAX_DUE_SOON_DAYS = 60;

const groupBy = <T, K>(rows: readonly T[], key: (row: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return groups;
};

/**
 * New members of the departments and designations a published path is assigned to are enrolled
 * (set-based: one insert per kind of audience, through user_profiles' department index and the
 * enrolments' unique index); learners a manager removed (learning_path_exclusions) stay out.
 */
async function enrolAudiences(ctx: AppContext, now: Date) {
  let enrolled = 0;
  for (const kind of ['department', 'designation'] as const) {
    const column = kind === 'department' ? sql`department_id` : sql`designation_id`;
    await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      const rows = await queryRows<{ path_id: number; user_id: number; organisation_id: number }>(
        tx,
        sql`insert into learning_path_enrolments
              (path_id, user_id, status, source, assigned_by, enrolled_at, due_at)
            select distinct on (a.path_id, up.user_id)
              a.path_id, up.user_id, 'enrolled', ${kind}::varchar, a.assigned_by, ${now.toISOString()}::timestamptz,
              coalesce(a.due_at, case p.due_mode
                when 'fixed' then p.due_at
                when 'relative' then ${now.toISOString()}::timestamptz + make_interval(days => p.due_days)
              end)
            from learning_path_audiences a
            join learning_paths p on p.id = a.path_id and p.status = 'published'
            join user_profiles up on up.${column} = a.${column}
            join memberships m on m.user_id = up.user_id and m.organisation_id = p.organisation_id
            join users u on u.id = up.user_id and u.is_active
            where a.${column} is not null
              and not exists (select 1 from learning_path_enrolments e
                              where e.path_id = a.path_id and e.user_id = up.user_id)
              and not exists (select 1 from learning_path_exclusions x
                              where x.path_id = a.path_id and x.user_id = up.user_id)
            order by a.path_id, up.user_id, a.id
            on conflict (path_id, user_id) do nothing
            returning path_id, user_id,
              (select p2.organisation_id from learning_paths p2
               where p2.id = learning_path_enrolments.path_id) as organisation_id`,
      );
      for (const [pathId, group] of groupBy(rows, (r) => Number(r.path_id))) {
        emit('learning_path.enrolled', {
          pathId,
          organisationId: Number(group[0]!.organisation_id),
          userIds: group.map((r) => Number(r.user_id)),
          assignedBy: null,
          reason: kind,
        });
      }
      enrolled += rows.length;
    });
  }
  return enrolled;
}

/**
 * Reminders, each sent once per due date: the row is marked in the transaction that raises the
 * event (a changed due date clears the marks). Due soon: still enrolled, due within the path's
 * due_soon_days; overdue: still enrolled, due date passed. One event per path and due date.
 */
async function remind(ctx: AppContext, kind: 'due_soon' | 'overdue', now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const window =
    kind === 'due_soon'
      ? sql`e.due_soon_notified_at is null and e.due_at > ${at}
            and e.due_at <= ${at} + make_interval(days => ${MAX_DUE_SOON_DAYS})
            and e.due_at <= ${at} + make_interval(days => p.due_soon_days)`
      : sql`e.overdue_notified_at is null and e.due_at <= ${at}`;
  const mark = kind === 'due_soon' ? sql`due_soon_notified_at` : sql`overdue_notified_at`;
  let sent = 0;
  for (;;) {
    const n = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      // learning_path_enrolments_due_soon_idx / _overdue_idx: the rows still to remind, by due date.
      const rows = await queryRows<{
        path_id: number;
        user_id: number;
        due_at: Date | string;
        organisation_id: number;
      }>(
        tx,
        sql`update learning_path_enrolments t set ${mark} = ${at}
            from (select e.id, p.organisation_id from learning_path_enrolments e
                  join learning_paths p on p.id = e.path_id and p.status = 'published'
                  where e.status = 'enrolled' and e.due_at is not null and ${window}
                  order by e.id limit ${BATCH}
                  for update of e skip locked) s
            where t.id = s.id
            returning t.path_id, t.user_id, t.due_at, s.organisation_id`,
      );
      const groups = groupBy(rows, (r) => `${r.path_id}|${new Date(r.due_at).toISOString()}`);
      for (const group of groups.values()) {
        const first = group[0]!;
        const event: PathReminderEvent = {
          pathId: Number(first.path_id),
          organisationId: Number(first.organisation_id),
          userIds: group.map((r) => Number(r.user_id)),
          dueAt: new Date(first.due_at).toISOString(),
        };
        emit(kind === 'due_soon' ? 'learning_path.due_soon' : 'learning_path.overdue', event);
      }
      return rows.length;
    });
    sent += n;
    if (n < BATCH) return sent;
  }
}

/**
 * Recertification: completions past their expiry go back to enrolled for another cycle, with a
 * new due date from today, and the path's courses are reopened so they are taken again (else
 * the old course completions would complete the path at once). `learning_path.enrolled`
 * (reason recertification) tells them and recomputes their progress.
 */
async function recertify(ctx: AppContext, now: Date) {
  let reenrolled = 0;
  for (;;) {
    const n = await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const { tx, emit } = uow;
      // learning_path_enrolments_expires_idx.
      const expired = await tx
        .select({ e: learningPathEnrolments, path: learningPaths })
        .from(learningPathEnrolments)
        .innerJoin(learningPaths, eq(learningPaths.id, learningPathEnrolments.pathId))
        .where(
          and(
            eq(learningPathEnrolments.status, 'completed'),
            lte(learningPathEnrolments.expiresAt, now),
            // An archived path takes nobody back: its completions simply lapse.
            eq(learningPaths.status, 'published'),
          ),
        )
        .orderBy(learningPathEnrolments.id)
        .limit(BATCH)
        .for('update', { of: learningPathEnrolments, skipLocked: true });
      if (expired.length === 0) return 0;
      const graphs = await loadPathGraphs(tx, [
        ...new Map(expired.map((r) => [r.path.id, r.path])).values(),
      ]);
      for (const [pathId, group] of groupBy(expired, (r) => r.path.id)) {
        const path = group[0]!.path;
        const ids = group.map((r) => r.e.id);
        await tx
          .update(learningPathEnrolments)
          .set({
            status: 'enrolled',
            cycle: sql`${learningPathEnrolments.cycle} + 1`,
            enrolledAt: now,
            completedAt: null,
            expiresAt: null,
            progressPercent: 0,
            completedItems: 0,
            dueAt: dueDateFor(path, now),
            dueSoonNotifiedAt: null,
            overdueNotifiedAt: null,
          })
          .where(inArray(learningPathEnrolments.id, ids));
        const courseIds = (graphs.get(pathId)?.items ?? []).map((i) => i.courseId);
        await reopenCourseEnrolments(uow, {
          places: group.flatMap((r) =>
            courseIds.map((courseId) => ({ userId: r.e.userId, courseId })),
          ),
        });
        emit('learning_path.enrolled', {
          pathId,
          organisationId: path.organisationId,
          userIds: group.map((r) => r.e.userId),
          assignedBy: null,
          reason: 'recertification',
        });
      }
      return expired.length;
    });
    reenrolled += n;
    if (n < BATCH) return reenrolled;
  }
}

/**
 * One run of the learning-path job as of `now` (the job passes the time; tests pass a later
 * one): audience members, reminders, recertification, each in transactions of its own.
 */
export async function syncLearningPaths(ctx: AppContext, now = new Date()) {
  const enrolled = await enrolAudiences(ctx, now);
  const recertified = await recertify(ctx, now);
  const dueSoon = await remind(ctx, 'due_soon', now);
  const overdue = await remind(ctx, 'overdue', now);
  return { enrolled, recertified, dueSoon, overdue };
}

/** Queues the next run unless one is queued already (core/jobs/recurring.ts). */
export const scheduleLearningPathSync = (ctx: AppContext, afterMs = SYNC_EVERY_MS) =>
  scheduleRecurring(ctx.db, 'learning_paths.sync', afterMs);

/** For the module's onReady hook: starts the chain. */
export const learningPathJobsOnReady = (ctx: AppContext) =>
  startRecurring(ctx, 'learning_paths.sync', SYNC_EVERY_MS);

export const learningPathJobs = [
  defineJob({
    type: 'learning_paths.sync',
    async handle(ctx) {
      await scheduleLearningPathSync(ctx);
      await syncLearningPaths(ctx);
    },
  }),
];
