import {
  DEFAULT_REVIEW,
  type TAssessmentDetail,
  type TAssessmentInput,
  type TAssessmentSettings,
  type TAssessmentSettingsInput,
  type TAssessmentUpdate,
} from '@atrium/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type AuditAction, recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction, type UnitOfWork } from '../../core/db/transaction.ts';
import { badRequest, conflict, fieldError, forbidden } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';
import {
  assessmentAttempts,
  assessmentPages,
  assessmentSlots,
  assessments,
} from '../../schema/assessments.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { hashPassword } from '../auth/index.ts';
import { type Assessment, loadAssessmentFor } from './assessment.access.ts';
import { assessmentDetail, publishProblems } from './assessment.detail.ts';
import { toSettings } from './assessment.repository.ts';
import { canAuthorQuestions } from './assessments.policy.ts';
import { announceAssignments } from './assignment-notices.ts';

/**
 * The assessment itself: create, change (publishing only when nothing objects), delete (only
 * while nobody has attempted it), and its settings. Every change runs in one transaction that
 * holds the assessment's row lock, so two editors' saves apply one after the other.
 */

type AssessmentAudit = Extract<AuditAction, `assessment.${string}`>;

/** An audit entry about an assessment, naming it in the details. */
export function auditAssessment(
  db: DbOrTx,
  action: AssessmentAudit,
  auth: Actor,
  a: Pick<Assessment, 'id' | 'title' | 'organisationId'>,
  ip: string | undefined,
  details: Record<string, unknown> = {},
) {
  return recordAudit(db, {
    action,
    actorId: auth.userId,
    organisationId: a.organisationId,
    ip: ip ?? null,
    details: { assessment: a.id, title: a.title, ...details },
  });
}

/** A course of the organisation, or a field error (400). */
export async function assertCourse(db: DbOrTx, organisationId: number, courseId: number) {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.organisationId, organisationId)));
  if (!row) throw fieldError('course', 'Choose a course of your organisation.');
}

const NOT_PUBLISHABLE = 'This assessment cannot be published yet.';

/**
 * A status change inside the caller's transaction; publishing checks publish_problems, then tells
 * the learners assigned so far (assignment-notices.ts).
 */
export async function changeStatus(
  uow: UnitOfWork,
  auth: Actor,
  a: Assessment,
  status: Assessment['status'],
  ip: string | undefined,
) {
  if (status === a.status) return;
  const { tx, emit } = uow;
  if (status === 'published') {
    const problems = await publishProblems(tx, a);
    if (problems.length > 0) throw conflict(NOT_PUBLISHABLE, problems);
  }
  await tx
    .update(assessments)
    .set({
      status,
      updatedAt: new Date(),
      ...(status === 'published' && { publishedAt: new Date() }),
    })
    .where(eq(assessments.id, a.id));
  await auditAssessment(tx, 'assessment.status_changed', auth, a, ip, {
    from: a.status,
    to: status,
  });
  emit('search.changed', { kind: 'assessment', ids: [a.id] });
  if (status === 'published') {
    await announceAssignments(uow, new Date(), { assessmentId: a.id, assignedBy: auth.userId });
  }
}

/** Deletes it unless an attempt went further than being prepared (then 409: archive it). */
export async function deleteAssessment(
  { tx, emit }: UnitOfWork,
  auth: Actor,
  a: Assessment,
  ip: string | undefined,
) {
  const [attempted] = await tx
    .select({ id: assessmentAttempts.id })
    .from(assessmentAttempts)
    .where(
      and(eq(assessmentAttempts.assessmentId, a.id), ne(assessmentAttempts.status, 'not_started')),
    )
    .limit(1);
  if (attempted) {
    throw conflict('Learners have attempted this assessment: archive it instead of deleting it.');
  }
  await tx.delete(assessments).where(eq(assessments.id, a.id));
  await auditAssessment(tx, 'assessment.deleted', auth, a, ip, { status: a.status });
  emit('search.changed', { kind: 'assessment', ids: [a.id] });
}

export const assessmentService = {
  /** A draft with the default settings and one empty page, in the organisation signed in to. */
  async create(
    ctx: AppContext,
    auth: AuthContext,
    input: TAssessmentInput,
  ): Promise<TAssessmentDetail> {
    if (!canAuthorQuestions(auth)) throw forbidden('Only admins and trainers write assessments.');
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      if (input.course) await assertCourse(tx, auth.organisationId, input.course);
      const [a] = await tx
        .insert(assessments)
        .values({
          organisationId: auth.organisationId,
          courseId: input.course ?? null,
          title: input.title,
          instructions: sanitiseRichText(input.instructions ?? ''),
          review: DEFAULT_REVIEW,
          createdBy: auth.userId,
        })
        .returning({ id: assessments.id });
      await tx.insert(assessmentPages).values({ assessmentId: a!.id, position: 0 });
      emit('search.changed', { kind: 'assessment', ids: [a!.id] });
      return a!.id;
    });
    return assessmentDetail(ctx.db, auth, id);
  },

  async update(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: TAssessmentUpdate,
    ip?: string,
  ): Promise<TAssessmentDetail> {
    await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const { tx } = uow;
      const a = await loadAssessmentFor(tx, auth, id, 'edit', { lock: true });
      if (input.course) await assertCourse(tx, a.organisationId, input.course);
      const set: Partial<typeof assessments.$inferInsert> = { updatedAt: new Date() };
      if (input.title !== undefined) set.title = input.title;
      if (input.instructions !== undefined) set.instructions = sanitiseRichText(input.instructions);
      if (input.course !== undefined) set.courseId = input.course;
      await tx.update(assessments).set(set).where(eq(assessments.id, a.id));
      if (input.title !== undefined || input.instructions !== undefined) {
        uow.emit('search.changed', { kind: 'assessment', ids: [a.id] });
      }
      // Publishing is judged on the assessment as just changed (its new course included).
      if (input.status !== undefined) {
        await changeStatus(uow, auth, { ...a, ...set } as Assessment, input.status, ip);
      }
    });
    return assessmentDetail(ctx.db, auth, id);
  },

  async remove(ctx: AppContext, auth: AuthContext, id: number, ip?: string): Promise<void> {
    await runInTransaction(ctx.db, ctx.bus, async (uow) => {
      const a = await loadAssessmentFor(uow.tx, auth, id, 'edit', { lock: true });
      await deleteAssessment(uow, auth, a, ip);
    });
  },

  async readSettings(ctx: AppContext, auth: AuthContext, id: number) {
    return toSettings(await loadAssessmentFor(ctx.db, auth, id));
  },

  /**
   * Fields left out keep their value. Attempts already running keep the deadline they started
   * with (stored on the attempt): a new time limit or close applies to attempts started later.
   */
  async saveSettings(
    ctx: AppContext,
    auth: AuthContext,
    input: TAssessmentSettingsInput,
    ip?: string,
  ): Promise<TAssessmentSettings> {
    const password =
      input.password === undefined || input.password === null
        ? input.password
        : await hashPassword(input.password);
    const saved = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const a = await loadAssessmentFor(tx, auth, input.assessment, 'edit', { lock: true });
      const set: Partial<typeof assessments.$inferInsert> = { updatedAt: new Date() };
      if (input.time_limit_seconds !== undefined) set.timeLimitSeconds = input.time_limit_seconds;
      if (input.opens_at !== undefined) set.opensAt = date(input.opens_at);
      if (input.closes_at !== undefined) set.closesAt = date(input.closes_at);
      if (input.grace_seconds !== undefined) set.graceSeconds = input.grace_seconds;
      if (input.attempts_allowed !== undefined) set.attemptsAllowed = input.attempts_allowed;
      if (input.attempt_delay_seconds !== undefined)
        set.attemptDelaySeconds = input.attempt_delay_seconds;
      if (input.grading_method !== undefined) set.gradingMethod = input.grading_method;
      if (input.pass_mark !== undefined) set.passMark = input.pass_mark;
      if (input.shuffle_questions !== undefined) set.shuffleQuestions = input.shuffle_questions;
      if (input.shuffle_options !== undefined) set.shuffleOptions = input.shuffle_options;
      if (input.review !== undefined) set.review = input.review;
      if (input.proctored !== undefined) set.proctored = input.proctored;
      if (password !== undefined) set.passwordHash = password;
      // The contract compares the two dates when both are sent; one sent alone meets the stored one.
      const opens = set.opensAt !== undefined ? set.opensAt : a.opensAt;
      const closes = set.closesAt !== undefined ? set.closesAt : a.closesAt;
      if (opens && closes && opens >= closes) {
        throw fieldError('closes_at', 'The close must be after the open.');
      }
      const [row] = await tx
        .update(assessments)
        .set(set)
        .where(eq(assessments.id, a.id))
        .returning();
      await auditAssessment(tx, 'assessment.settings_changed', auth, a, ip, {
        fields: Object.keys(input).filter((k) => k !== 'assessment'),
      });
      return row!;
    });
    return toSettings(saved);
  },

  /**
   * The new order of pages and slots (slots may change page). Every page and slot of the
   * assessment must be named exactly once: a stale editor that misses one gets 400, not a
   * layout that silently drops a question.
   */
  async layout(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    input: { pages: { id: number; slots: number[] }[] },
  ): Promise<TAssessmentDetail> {
    await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const a = await loadAssessmentFor(tx, auth, id, 'edit', { lock: true });
      const [pageRows, slotRows] = await Promise.all([
        tx
          .select({ id: assessmentPages.id })
          .from(assessmentPages)
          .where(eq(assessmentPages.assessmentId, a.id)),
        tx
          .select({ id: assessmentSlots.id })
          .from(assessmentSlots)
          .where(eq(assessmentSlots.assessmentId, a.id)),
      ]);
      const problems = layoutProblems(
        pageRows.map((r) => r.id),
        slotRows.map((r) => r.id),
        input.pages,
      );
      if (Object.keys(problems).length > 0) {
        throw badRequest('The layout must name every page and question once.', problems);
      }
      const pageIds = input.pages.map((p) => p.id);
      const slots = input.pages.flatMap((p) => p.slots.map((s, i) => [s, p.id, i] as const));
      const arr = (xs: readonly number[]) => `{${xs.join(',')}}`;
      await tx.execute(sql`update assessment_pages p set position = v.pos - 1
        from unnest(${arr(pageIds)}::int[]) with ordinality as v(id, pos)
        where p.id = v.id and p.assessment_id = ${a.id}`);
      if (slots.length > 0) {
        await tx.execute(sql`update assessment_slots s set page_id = v.page, position = v.pos
          from unnest(${arr(slots.map((s) => s[0]))}::int[], ${arr(slots.map((s) => s[1]))}::int[],
            ${arr(slots.map((s) => s[2]))}::int[]) as v(id, page, pos)
          where s.id = v.id and s.assessment_id = ${a.id}`);
      }
      await tx.update(assessments).set({ updatedAt: new Date() }).where(eq(assessments.id, a.id));
    });
    return assessmentDetail(ctx.db, auth, id);
  },
};

const date = (s: string | null) => (s === null ? null : new Date(s));

/** Field errors of a layout that does not name each page and slot of the assessment once. */
export function layoutProblems(
  pageIds: number[],
  slotIds: number[],
  pages: { id: number; slots: number[] }[],
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const check = (field: string, known: number[], given: number[], what: string) => {
    const seen = new Set<number>();
    const repeated = given.filter((x) => seen.has(x) || !seen.add(x));
    const unknown = given.filter((x) => !known.includes(x));
    const missing = known.filter((x) => !seen.has(x));
    const msgs: string[] = [];
    if (unknown.length) msgs.push(`Not ${what} of this assessment: ${unknown.join(', ')}.`);
    if (repeated.length) msgs.push(`Named more than once: ${[...new Set(repeated)].join(', ')}.`);
    if (missing.length) msgs.push(`Missing: ${missing.join(', ')}.`);
    if (msgs.length) errors[field] = msgs;
  };
  check(
    'pages',
    pageIds,
    pages.map((p) => p.id),
    'pages',
  );
  check(
    'slots',
    slotIds,
    pages.flatMap((p) => p.slots),
    'questions',
  );
  return errors;
}
