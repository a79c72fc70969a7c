import {
  isScoDone,
  type TScormCommitResult,
  type TScormState,
  type TScoStatus,
} from '@atrium/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, forbidden, notFound } from '../../core/errors/app-error.ts';
import {
  courseModules,
  courses,
  moduleFiles,
  repositoryFiles,
} from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { scormAttempts, scormRuntime } from '../../schema/scorm.table.ts';
import { canManage, canSee } from '../catalogue/index.ts';
import { ACTIVE_STATUSES, NOT_ENROLLED_PROGRESS, progress, refused } from '../learning/index.ts';
import { decideOutcome } from './attempt-rules.ts';
import { parseCmi, statusOf } from './cmi.ts';
import {
  launchPathOf,
  packageOfFile,
  type ScormPackage,
  type ScormSco,
  scosOf,
} from './packages.service.ts';
import { disabledReasons } from './prerequisites.ts';
import { continuesAttempt, initialCmi } from './runtime.state.ts';

type Attempt = typeof scormAttempts.$inferSelect;
type Runtime = typeof scormRuntime.$inferSelect;

/** A session's time is capped so one runaway report cannot add days (SCORM allows 9999 h). */
const MAX_SESSION_SECONDS = 24 * 3600;

/** The module file, its package and course, if the caller may see the course. */
async function context(ctx: AppContext, auth: AuthContext, moduleFileId: number) {
  const [row] = await ctx.db
    .select({ mf: moduleFiles, course: courses, kind: repositoryFiles.kind })
    .from(moduleFiles)
    .innerJoin(courseModules, eq(courseModules.id, moduleFiles.moduleId))
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .innerJoin(repositoryFiles, eq(repositoryFiles.id, moduleFiles.fileId))
    .where(eq(moduleFiles.id, moduleFileId));
  if (!row || !canSee(auth, row.course)) throw notFound('Could not get course module');
  if (row.kind !== 'scorm') throw notFound('This module file is not a SCORM package.');
  const pkg = await packageOfFile(ctx.db, row.mf.fileId);
  const scos = await scosOf(ctx.db, pkg.id);
  const [enrolment] = await ctx.db
    .select()
    .from(courseEnrolments)
    .where(
      and(
        eq(courseEnrolments.courseId, row.course.id),
        eq(courseEnrolments.userId, auth.userId),
        inArray(courseEnrolments.status, [...ACTIVE_STATUSES]),
      ),
    );
  return { moduleFile: row.mf, course: row.course, pkg, scos, enrolment };
}

/** Items with isvisible="false" are neither listed nor launched by the learner. */
const visible = (s: ScormSco) => s.isLaunchable && !s.launchData.hidden;

function launchable(scos: ScormSco[], identifier: string): ScormSco {
  const sco = scos.find((s) => s.identifier === identifier && visible(s));
  if (!sco) throw notFound('This SCO is not in the package.');
  return sco;
}

function refuseIfDisabled(scos: ScormSco[], rows: Runtime[], sco: ScormSco) {
  const reason = disabledReasons(scos, rows).get(sco.identifier);
  if (reason) throw forbidden(reason);
}

/**
 * The SCOs that must be done for the package to count as completed: the one
 * the module file launches when it names one, else every SCO (assets when the
 * package has no SCO at all: they cannot report, so launching one is enough).
 */
function requiredScos(scos: ScormSco[], only: string | null): ScormSco[] {
  if (only) {
    const one = scos.filter((s) => s.identifier === only && visible(s));
    if (one.length > 0) return one;
  }
  const sco = scos.filter((s) => visible(s) && s.scormType === 'sco');
  return sco.length > 0 ? sco : scos.filter(visible);
}

async function latestAttempt(db: DbOrTx, enrolmentId: number, moduleFileId: number) {
  const [a] = await db
    .select()
    .from(scormAttempts)
    .where(
      and(eq(scormAttempts.enrolmentId, enrolmentId), eq(scormAttempts.moduleFileId, moduleFileId)),
    )
    .orderBy(desc(scormAttempts.number))
    .limit(1);
  return a;
}

async function rowsOf(db: DbOrTx, attemptId: number | undefined): Promise<Runtime[]> {
  if (attemptId === undefined) return [];
  return db.select().from(scormRuntime).where(eq(scormRuntime.attemptId, attemptId));
}

function summaries(_pkg: ScormPackage, scos: ScormSco[], rows: Runtime[]) {
  const byId = new Map(rows.map((r) => [r.scoId, r]));
  const reasons = disabledReasons(scos, rows);
  return scos.filter(visible).map((s) => {
    const r = byId.get(s.id);
    return {
      sco: s.identifier,
      status: r?.status ?? 'not attempted',
      score_scaled: r ? scaledScore(r) : null,
      total_seconds: r ? r.totalSeconds + r.sessionSeconds : 0,
      disabled_reason: reasons.get(s.identifier) ?? null,
    } as TScormCommitResult['scos'][number];
  });
}

/** 2004 gives scaled; 1.2 only raw (of min..max, 0..100 by default). */
export function scaledScore(
  r: Pick<Runtime, 'scoreScaled' | 'scoreRaw' | 'scoreMin' | 'scoreMax'>,
) {
  if (r.scoreScaled !== null) return r.scoreScaled;
  if (r.scoreRaw === null) return null;
  const min = r.scoreMin ?? 0;
  const max = r.scoreMax ?? 100;
  return max > min ? Math.max(-1, Math.min(1, (r.scoreRaw - min) / (max - min))) : null;
}

export const runtime = {
  async state(
    ctx: AppContext,
    auth: AuthContext,
    moduleFileId: number,
    scoIdentifier: string,
    /** Where the player's frame goes on the content origin (HTTP's business: the route's). */
    launch: (pkg: { treeKey: string; version: '1.2' | '2004' }, scoPath: string) => Promise<string>,
  ): Promise<TScormState> {
    const c = await context(ctx, auth, moduleFileId);
    const sco = launchable(c.scos, scoIdentifier);
    const launchUrl = await launch(c.pkg, launchPathOf(sco)!);
    const base = {
      version: c.pkg.version,
      package: c.pkg.id,
      module_file: moduleFileId,
      sco: sco.identifier,
      launch_url: launchUrl,
      content_origin: new URL(launchUrl).origin,
      asset: sco.scormType === 'asset',
    };
    if (!c.enrolment) {
      // Managers preview without tracking; anyone else must enrol first.
      if (!canManage(auth, c.course)) throw refused(NOT_ENROLLED_PROGRESS);
      return {
        ...base,
        tracked: false,
        attempt: 0,
        attempt_completed: false,
        attempts: 0,
        cmi: initialCmi(c.pkg.version, null, sco, undefined),
        scos: summaries(c.pkg, c.scos, []),
      };
    }
    const attempt = await latestAttempt(ctx.db, c.enrolment.id, moduleFileId);
    const rows = await rowsOf(ctx.db, attempt?.id);
    refuseIfDisabled(c.scos, rows, sco);
    return {
      ...base,
      tracked: true,
      attempt: attempt?.number ?? 1,
      attempt_completed: Boolean(attempt?.completedAt),
      attempts: attempt?.number ?? 0,
      cmi: initialCmi(
        c.pkg.version,
        auth,
        sco,
        rows.find((r) => r.scoId === sco.id),
      ),
      scos: summaries(c.pkg, c.scos, rows),
    };
  },

  /**
   * Stores a commit of one SCO: validated, merged into the attempt's row
   * (empty elements keep what was stored), the session's time counted once.
   * When every required SCO is done the attempt completes, and the module file
   * is reported through the courses progress service (course completion and
   * its event come from there, as for any other file).
   */
  async commit(
    ctx: AppContext,
    auth: AuthContext,
    moduleFileId: number,
    q: { sco: string; attempt: number; session: string; terminate?: string },
    cmi: unknown,
  ): Promise<TScormCommitResult> {
    const c = await context(ctx, auth, moduleFileId);
    const sco = launchable(c.scos, q.sco);
    if (!c.enrolment) throw refused(NOT_ENROLLED_PROGRESS);
    const enrolmentId = c.enrolment.id;
    const update = parseCmi(c.pkg.version, cmi);
    const required = requiredScos(c.scos, c.moduleFile.scoId);
    const finished = q.terminate === 'true' || q.terminate === '1';

    const out = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      // The enrolment row serialises commits of one learner (and attempt numbering).
      await tx
        .select({ id: courseEnrolments.id })
        .from(courseEnrolments)
        .where(eq(courseEnrolments.id, enrolmentId))
        .for('update');
      let attempt: Attempt | undefined = await latestAttempt(tx, enrolmentId, moduleFileId);
      const current = attempt?.number ?? 1;
      if (q.attempt !== current)
        throw conflict(
          `Attempt ${q.attempt} is over; attempt ${current} is the current one. Reload the package.`,
        );
      if (!attempt) {
        [attempt] = await tx
          .insert(scormAttempts)
          .values({ enrolmentId, moduleFileId, packageId: c.pkg.id, number: 1 })
          .returning();
      }
      const [existing] = await tx
        .select()
        .from(scormRuntime)
        .where(and(eq(scormRuntime.attemptId, attempt!.id), eq(scormRuntime.scoId, sco.id)));
      const before = existing ? existing.totalSeconds + existing.sessionSeconds : 0;
      // A new session folds the previous one into the total; the same session replaces its time.
      const newSession = existing?.sessionId !== q.session;
      // A launch of a SCO the learner may not open yet is refused (the state already did).
      if (newSession) refuseIfDisabled(c.scos, await rowsOf(tx, attempt!.id), sco);
      // SCORM 2004: the first commit of a launch after the SCO's attempt ended (any exit but
      // suspend) belongs to a new attempt of the SCO, which starts from fresh data (RTE cmi.entry).
      const fresh =
        c.pkg.version === '2004' &&
        existing !== undefined &&
        newSession &&
        !continuesAttempt(existing);
      const base = fresh ? undefined : existing;
      const total = existing
        ? existing.totalSeconds + (newSession ? existing.sessionSeconds : 0)
        : 0;
      const attemptStart = fresh ? total : (existing?.attemptStartSeconds ?? 0);
      // Many SCOs never set session_time (scorm-again then sends 00:00:00); with
      // selfReportSessionTime the run-time measures the session into total_time (the SCO
      // attempt's, as the state gave it) instead. The larger of the two is the session's time.
      const attemptTotal = total - attemptStart;
      const measured =
        update.reportedTotalSeconds !== undefined && update.reportedTotalSeconds >= attemptTotal
          ? update.reportedTotalSeconds - attemptTotal
          : undefined;
      const reported =
        update.sessionSeconds === undefined && measured === undefined
          ? undefined
          : Math.max(update.sessionSeconds ?? 0, measured ?? 0);
      // Within a session its time only grows: a later commit without time never lowers it
      // (which would also count the time twice in the module file's progress).
      const sofar = newSession ? 0 : (existing?.sessionSeconds ?? 0);
      const session = Math.min(MAX_SESSION_SECONDS, Math.max(reported ?? 0, sofar));
      const exit = update.exit ?? (newSession ? null : (existing?.exit ?? null));
      const data = { ...(base?.data ?? {}), ...update.data };
      const score = {
        scoreRaw: update.score.raw ?? base?.scoreRaw ?? null,
        scoreMin: update.score.min ?? base?.scoreMin ?? null,
        scoreMax: update.score.max ?? base?.scoreMax ?? null,
        scoreScaled: update.score.scaled ?? base?.scoreScaled ?? null,
      };
      const outcome = decideOutcome(c.pkg.version, {
        completion: update.completionStatus ?? base?.completionStatus ?? null,
        success: update.successStatus ?? base?.successStatus ?? null,
        scormType: sco.scormType,
        launchData: sco.launchData,
        progressMeasure: data.progress_measure as number | undefined,
        scoreScaled: score.scoreScaled,
        scoreRaw: score.scoreRaw,
        ended: finished && exit !== 'suspend',
      });
      const values = {
        status: statusOf(c.pkg.version, outcome.completion, outcome.success),
        completionStatus: outcome.completion,
        successStatus: outcome.success,
        ...score,
        location: update.location ?? base?.location ?? null,
        suspendData: update.suspendData ?? base?.suspendData ?? null,
        exit,
        totalSeconds: total,
        sessionId: q.session,
        sessionSeconds: session,
        scoAttempt: fresh ? existing.scoAttempt + 1 : (existing?.scoAttempt ?? 1),
        attemptStartSeconds: attemptStart,
        data,
        updatedAt: new Date(),
      };
      let row: Runtime;
      if (existing) {
        [row] = (await tx
          .update(scormRuntime)
          .set(values)
          .where(eq(scormRuntime.id, existing.id))
          .returning()) as [Runtime];
      } else {
        [row] = (await tx
          .insert(scormRuntime)
          .values({ attemptId: attempt!.id, scoId: sco.id, ...values })
          .returning()) as [Runtime];
      }
      const rows = await rowsOf(tx, attempt!.id);
      const done = new Set(
        rows.filter((r) => isScoDone(r.status as TScoStatus)).map((r) => r.scoId),
      );
      let completed = attempt!.completedAt !== null;
      if (!completed && required.every((s) => done.has(s.id))) {
        await tx
          .update(scormAttempts)
          .set({ completedAt: new Date() })
          .where(eq(scormAttempts.id, attempt!.id));
        completed = true;
      }
      return {
        attempt: attempt!.number,
        completed,
        row,
        rows,
        delta: Math.max(0, Math.floor(total + session) - Math.floor(before)),
      };
    });

    // The player reports the learner's position itself when they open a file; a commit (the
    // terminating one arrives after they moved on) only records status and time.
    await progress.report(
      ctx,
      auth,
      {
        module_file: moduleFileId,
        status: out.completed ? 'completed' : 'in_progress',
        time_spent: out.delta,
      },
      { moveResumePoint: false },
    );
    return {
      result: true,
      errorCode: 0,
      attempt: out.attempt,
      sco_status: out.row.status as TScormCommitResult['sco_status'],
      total_seconds: out.row.totalSeconds + out.row.sessionSeconds,
      package_completed: out.completed,
      scos: summaries(c.pkg, c.scos, out.rows),
    };
  },

  /** A new attempt, only once the current one is completed (otherwise it is resumed). */
  async newAttempt(ctx: AppContext, auth: AuthContext, moduleFileId: number) {
    const c = await context(ctx, auth, moduleFileId);
    if (!c.enrolment) throw refused(NOT_ENROLLED_PROGRESS);
    const enrolmentId = c.enrolment.id;
    return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      await tx
        .select({ id: courseEnrolments.id })
        .from(courseEnrolments)
        .where(eq(courseEnrolments.id, enrolmentId))
        .for('update');
      const current = await latestAttempt(tx, enrolmentId, moduleFileId);
      if (!current?.completedAt)
        throw conflict(
          'The current attempt is not completed yet: it is resumed instead of starting a new one.',
        );
      const [a] = await tx
        .insert(scormAttempts)
        .values({ enrolmentId, moduleFileId, packageId: c.pkg.id, number: current.number + 1 })
        .returning();
      return {
        module_file: moduleFileId,
        attempt: a!.number,
        started_at: a!.startedAt.toISOString(),
      };
    });
  },
};
