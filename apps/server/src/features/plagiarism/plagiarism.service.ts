import {
  DEFAULT_SIMILARITY_THRESHOLD,
  type TMatchDecisionInput,
  type TOwnSimilarity,
  type TPlagiarismCheckDetail,
  type TPlagiarismMatch,
  type TPlagiarismSettings,
  type TPlagiarismSettingsInput,
} from '@atrium/contract';
import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { Actor } from '../../core/auth/actor.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { courses } from '../../schema/courses.table.ts';
import { assignmentSubmissions, assignments } from '../../schema/enrolments.table.ts';
import {
  plagiarismChecks,
  plagiarismMatches,
  plagiarismSettings,
} from '../../schema/plagiarism.table.ts';
import { users } from '../../schema/users.table.ts';
import { type CourseFacts, canSee } from '../catalogue/index.ts';
import { canReview, canSeeOwnScore } from './plagiarism.policy.ts';
import { fullname, presentCheck, selectChecks } from './plagiarism.repository.ts';

const CHECK_NOT_FOUND = 'Check not found.';
const MATCH_NOT_FOUND = 'Match not found.';
const ASSIGNMENT_NOT_FOUND = 'Assignment not found.';
const REFUSED = "Only the course's managers can review its similarity checks.";

/** 404 when the caller cannot see the course at all, 403 when they see it but do not manage it. */
function assertReviewer(actor: Actor, course: CourseFacts, notFoundMessage: string) {
  if (!canSee(actor, course)) throw notFound(notFoundMessage);
  if (!canReview(actor, course)) throw forbidden(REFUSED);
}

const other = alias(plagiarismChecks, 'other_check');
const otherCourse = alias(courses, 'other_course');
const otherAssignment = alias(assignments, 'other_assignment');
const otherLearner = alias(users, 'other_learner');
const decider = alias(users, 'decider');

async function matchesWhere(db: DbOrTx, actor: Actor, where: SQL): Promise<TPlagiarismMatch[]> {
  const rows = await db
    .select({
      m: plagiarismMatches,
      o: {
        id: other.id,
        submissionId: other.submissionId,
        courseId: other.courseId,
        assignmentId: other.assignmentId,
        userId: other.userId,
        submittedAt: other.submittedAt,
        text: other.text,
      },
      course: {
        title: otherCourse.title,
        organisationId: otherCourse.organisationId,
        createdBy: otherCourse.createdBy,
        status: otherCourse.status,
        visibility: otherCourse.visibility,
        selfEnrol: otherCourse.selfEnrol,
      },
      assignmentTitle: otherAssignment.title,
      learner: fullname(otherLearner),
      decider: fullname(decider),
    })
    .from(plagiarismMatches)
    .innerJoin(other, eq(other.id, plagiarismMatches.otherCheckId))
    .innerJoin(otherCourse, eq(otherCourse.id, other.courseId))
    .innerJoin(otherAssignment, eq(otherAssignment.id, other.assignmentId))
    .innerJoin(otherLearner, eq(otherLearner.id, other.userId))
    .leftJoin(decider, eq(decider.id, plagiarismMatches.decidedBy))
    .where(where)
    .orderBy(desc(plagiarismMatches.score), plagiarismMatches.id);
  return rows.map((r) => {
    // A reviewer reads another course's submission only if they manage that course too.
    const visible = canReview(actor, r.course);
    return {
      id: r.m.id,
      score: r.m.score,
      other: {
        check: r.o.id,
        submission: r.o.submissionId,
        learner: {
          id: visible ? r.o.userId : 0,
          fullname: visible ? r.learner : 'Another learner',
        },
        course: { id: r.o.courseId, title: r.course.title },
        assignment: { id: r.o.assignmentId, title: r.assignmentTitle },
        submitted_at: r.o.submittedAt.toISOString(),
      },
      other_visible: visible,
      other_text: visible ? r.o.text : '',
      passages: r.m.passages,
      decision: r.m.decision,
      note: r.m.note,
      decided_by: r.m.decidedBy && r.decider ? { id: r.m.decidedBy, fullname: r.decider } : null,
      decided_at: r.m.decidedAt ? r.m.decidedAt.toISOString() : null,
    };
  });
}

export async function checkDetail(
  db: DbOrTx,
  actor: Actor,
  id: number,
): Promise<TPlagiarismCheckDetail> {
  const [row] = await selectChecks(db).where(eq(plagiarismChecks.id, id));
  if (!row) throw notFound(CHECK_NOT_FOUND);
  assertReviewer(actor, row.course, CHECK_NOT_FOUND);
  return {
    ...presentCheck(actor, row),
    text: row.c.status === 'done' ? row.c.text : '',
    matches: await matchesWhere(db, actor, eq(plagiarismMatches.checkId, id)),
  };
}

export async function decideMatch(
  db: DbOrTx,
  actor: Actor,
  matchId: number,
  input: TMatchDecisionInput,
  ip: string | null,
): Promise<TPlagiarismMatch> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ m: plagiarismMatches, c: plagiarismChecks, course: courses })
      .from(plagiarismMatches)
      .innerJoin(plagiarismChecks, eq(plagiarismChecks.id, plagiarismMatches.checkId))
      .innerJoin(courses, eq(courses.id, plagiarismChecks.courseId))
      .where(eq(plagiarismMatches.id, matchId))
      .for('update', { of: plagiarismMatches });
    if (!row) throw notFound(MATCH_NOT_FOUND);
    assertReviewer(actor, row.course, MATCH_NOT_FOUND);
    const pending = input.decision === 'pending';
    await tx
      .update(plagiarismMatches)
      .set({
        decision: input.decision,
        note: input.note ?? row.m.note,
        decidedBy: pending ? null : actor.userId,
        decidedAt: pending ? null : new Date(),
      })
      .where(eq(plagiarismMatches.id, matchId));
    await recordAudit(tx, {
      action: 'plagiarism.match_decided',
      actorId: actor.userId,
      targetUserId: row.c.userId,
      organisationId: row.c.organisationId,
      ip,
      details: {
        match: matchId,
        check: row.c.id,
        submission: row.c.submissionId,
        from: row.m.decision,
        to: input.decision,
        note: input.note ?? null,
      },
    });
  });
  const [match] = await matchesWhere(db, actor, eq(plagiarismMatches.id, matchId));
  return match!;
}

async function assignmentCourse(db: DbOrTx, actor: Actor, assignmentId: number) {
  const [row] = await db
    .select({ course: courses })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(eq(assignments.id, assignmentId));
  if (!row) throw notFound(ASSIGNMENT_NOT_FOUND);
  assertReviewer(actor, row.course, ASSIGNMENT_NOT_FOUND);
  return row.course;
}

async function readSettings(db: DbOrTx, assignmentId: number): Promise<TPlagiarismSettings> {
  const [s] = await db
    .select()
    .from(plagiarismSettings)
    .where(eq(plagiarismSettings.assignmentId, assignmentId));
  return {
    assignment: assignmentId,
    threshold: s?.threshold ?? DEFAULT_SIMILARITY_THRESHOLD,
    show_learners: s?.showLearners ?? false,
  };
}

export async function getSettings(db: DbOrTx, actor: Actor, assignmentId: number) {
  await assignmentCourse(db, actor, assignmentId);
  return readSettings(db, assignmentId);
}

export async function updateSettings(
  db: DbOrTx,
  actor: Actor,
  assignmentId: number,
  input: TPlagiarismSettingsInput,
  ip: string | null,
): Promise<TPlagiarismSettings> {
  return db.transaction(async (tx) => {
    const course = await assignmentCourse(tx, actor, assignmentId);
    const before = await readSettings(tx, assignmentId);
    const values = {
      threshold: input.threshold,
      showLearners: input.show_learners,
      updatedBy: actor.userId,
      updatedAt: new Date(),
    };
    await tx
      .insert(plagiarismSettings)
      .values({ assignmentId, ...values })
      .onConflictDoUpdate({ target: plagiarismSettings.assignmentId, set: values });
    await recordAudit(tx, {
      action: 'plagiarism.settings_changed',
      actorId: actor.userId,
      organisationId: course.organisationId,
      ip,
      details: {
        assignment: assignmentId,
        from: { threshold: before.threshold, show_learners: before.show_learners },
        to: input,
      },
    });
    return readSettings(tx, assignmentId);
  });
}

/** The learner's own submission: its score only when the assignment shows scores to learners. */
export async function ownScore(
  db: DbOrTx,
  actor: Actor,
  submissionId: number,
): Promise<TOwnSimilarity> {
  const [sub] = await db
    .select({
      userId: assignmentSubmissions.userId,
      assignmentId: assignmentSubmissions.assignmentId,
      organisationId: courses.organisationId,
      check: { status: plagiarismChecks.status, score: plagiarismChecks.score },
    })
    .from(assignmentSubmissions)
    .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .leftJoin(plagiarismChecks, eq(plagiarismChecks.submissionId, assignmentSubmissions.id))
    .where(eq(assignmentSubmissions.id, submissionId));
  if (!sub || sub.userId !== actor.userId || sub.organisationId !== actor.organisationId)
    throw notFound('Submission not found.');
  const settings = await readSettings(db, sub.assignmentId);
  const visible = canSeeOwnScore(actor, sub, { showLearners: settings.show_learners });
  const status = sub.check?.status ?? null;
  return {
    submission: submissionId,
    visible,
    status: visible ? status : null,
    score: visible && status === 'done' ? (sub.check?.score ?? null) : null,
  };
}
