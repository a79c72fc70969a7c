import type { TTodoPage } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import {
  assignAssessment,
  makeApprovalRequest,
  makeAssessment,
  makeCourse,
  makeEnrolment,
} from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import { assessmentAttempts } from '../../schema/assessments.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';

/**
 * The to-do list through the API: each person sees their own next actions (not a colleague's, not
 * another organisation's), items leave when done, and the list searches, filters, pages and puts
 * the overdue first. Paths and classrooms: todo.providers.test.ts; a failing provider:
 * todo.service.test.ts.
 */

const DAY = 86_400_000;
let t: TestApp;
let acme: Staff;
let globex: Staff;
let learner: SignedIn;

async function todo(token: string, query: Record<string, string> = {}) {
  const res = await call(t.app, 'GET', '/api/todo/', { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TTodoPage;
}
const titles = (page: TTodoPage) => page.results.map((i) => i.title);

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  learner = await signedInLearner(t, acme.org.id);
}, 120_000);
afterAll(() => t?.close());

describe('GET /api/todo/ items', () => {
  it("shows a learner their assigned course and open assessment, not a colleague's nor another organisation's", async () => {
    const db = t.database.db;
    const colleague = await signedInLearner(t, acme.org.id);
    const outsider = await signedInLearner(t, globex.org.id);
    const mine = await makeCourse(db, { organisationId: acme.org.id, title: 'Fire safety' });
    const theirs = await makeCourse(db, { organisationId: acme.org.id, title: 'Forklifts' });
    const foreign = await makeCourse(db, { organisationId: globex.org.id, title: 'Globex intro' });
    const due = new Date(Date.now() + 10 * DAY);
    await makeEnrolment(db, { course: mine, userId: learner.user.id, dueAt: due });
    await makeEnrolment(db, { course: theirs, userId: colleague.user.id });
    await makeEnrolment(db, { course: foreign, userId: outsider.user.id });
    const quiz = await makeAssessment(db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      title: 'Fire quiz',
    });
    const other = await makeAssessment(db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      title: 'Forklift quiz',
    });
    const draft = await makeAssessment(db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      title: 'Draft quiz',
      status: 'draft',
    });
    // Not assigned, but of a course they are enrolled in: theirs too.
    const final = await makeAssessment(db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      title: 'Fire final',
      courseId: mine.id,
    });
    await assignAssessment(db, quiz.id, [learner.user.id]);
    await assignAssessment(db, other.id, [colleague.user.id]);
    await assignAssessment(db, draft.id, [learner.user.id]);

    const page = await todo(learner.token);
    expect(page.results).toEqual([
      {
        id: `course:${mine.id}`,
        kind: 'course',
        title: 'Fire safety',
        detail: 'Not started',
        href: `/course-module/${mine.id}`,
        due_at: due.toISOString(),
        overdue: false,
        priority: 'low',
      },
      {
        id: `assessment:${final.id}`,
        kind: 'assessment',
        title: 'Fire final',
        detail: 'Fire safety · not started',
        href: `/assessment/${final.uuid}`,
        due_at: null,
        overdue: false,
        priority: 'low',
      },
      {
        id: `assessment:${quiz.id}`,
        kind: 'assessment',
        title: 'Fire quiz',
        detail: 'Assessment · not started',
        href: `/assessment/${quiz.uuid}`,
        due_at: null,
        overdue: false,
        priority: 'low',
      },
    ]);
    expect(page.count).toBe(3);
    expect(page.by_kind).toEqual({ course: 1, assessment: 2 });
    expect(page.unavailable).toEqual([]);
    expect(titles(await todo(colleague.token))).toEqual(['Forklift quiz', 'Forklifts']);
    expect(titles(await todo(outsider.token))).toEqual(['Globex intro']);
  });

  it('drops a course once completed and an assessment once submitted', async () => {
    const db = t.database.db;
    const who = await signedInLearner(t, acme.org.id);
    const course = await makeCourse(db, { organisationId: acme.org.id, title: 'Ladders' });
    await makeEnrolment(db, { course, userId: who.user.id });
    const quiz = await makeAssessment(db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      title: 'Ladder quiz',
      settings: { closesAt: new Date(Date.now() + DAY) },
    });
    await assignAssessment(db, quiz.id, [who.user.id]);
    const before = await todo(who.token);
    expect(titles(before)).toEqual(['Ladder quiz', 'Ladders']);
    // Closes within two days: pressing.
    expect(before.results[0]!.priority).toBe('high');

    await db
      .update(courseEnrolments)
      .set({ status: 'completed', completedAt: new Date(), progressPercent: 100 })
      .where(
        and(eq(courseEnrolments.courseId, course.id), eq(courseEnrolments.userId, who.user.id)),
      );
    await db.insert(assessmentAttempts).values({
      assessmentId: quiz.id,
      userId: who.user.id,
      number: 1,
      status: 'submitted',
      startedAt: new Date(),
      submittedAt: new Date(),
    });
    expect((await todo(who.token)).results).toEqual([]);
  });

  it('shows an approver the request waiting on their decision, and only them', async () => {
    const db = t.database.db;
    const staff = await makeOrganisationWithStaff(db, t.config);
    const course = await makeCourse(db, { organisationId: staff.org.id, title: 'Welding' });
    const request = await makeApprovalRequest(db, {
      kind: 'course_enrolment',
      organisationId: staff.org.id,
      subjectId: course.id,
      subjectTitle: 'Welding',
      requesterId: staff.learner.user.id,
    });
    const page = await todo(staff.admin.token, { kind: 'approval' });
    expect(page.results).toEqual([
      expect.objectContaining({
        id: `approval:${request.id}`,
        kind: 'approval',
        title: 'Decide: Welding',
        href: '/requests',
        due_at: null,
        priority: 'medium',
      }),
    ]);
    expect(page.results[0]!.detail).toMatch(/^Requested by /);
    expect((await todo(staff.learner.token, { kind: 'approval' })).results).toEqual([]);
    expect((await todo(globex.admin.token, { kind: 'approval' })).results).toEqual([]);
  });
});

describe('GET /api/todo/ list', () => {
  let busy: SignedIn;
  beforeAll(async () => {
    const db = t.database.db;
    busy = await signedInLearner(t, acme.org.id);
    // Seven courses: two overdue, three dated, two undated; and one assessment.
    const plan: [string, number | null][] = [
      ['Alpha', 20],
      ['Bravo', -3],
      ['Charlie', null],
      ['Delta', 5],
      ['Echo', -1],
      ['Foxtrot', 40],
      ['Golf', null],
    ];
    for (const [title, days] of plan) {
      const course = await makeCourse(db, { organisationId: acme.org.id, title });
      await makeEnrolment(db, {
        course,
        userId: busy.user.id,
        ...(days === null ? {} : { dueAt: new Date(Date.now() + days * DAY) }),
      });
    }
    const quiz = await makeAssessment(db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      title: 'Alpha quiz',
    });
    await assignAssessment(db, quiz.id, [busy.user.id]);
  });

  it('puts the overdue first (most overdue first), then soonest due, undated last', async () => {
    const page = await todo(busy.token, { page_size: '50' });
    expect(titles(page)).toEqual([
      'Bravo',
      'Echo',
      'Delta',
      'Alpha',
      'Foxtrot',
      'Alpha quiz',
      'Charlie',
      'Golf',
    ]);
    expect(page.results.map((i) => i.overdue)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(page.results.map((i) => i.priority)).toEqual([
      'high',
      'high',
      'medium',
      'low',
      'low',
      'low',
      'low',
      'low',
    ]);
  });

  it('pages', async () => {
    const first = await todo(busy.token, { page_size: '3' });
    expect(titles(first)).toEqual(['Bravo', 'Echo', 'Delta']);
    expect(first.count).toBe(8);
    expect(first.next).not.toBeNull();
    const third = await todo(busy.token, { page_size: '3', page: '3' });
    expect(titles(third)).toEqual(['Charlie', 'Golf']);
    expect(third.next).toBeNull();
  });

  it('searches the title and detail, and filters by kind, keeping the counts per kind', async () => {
    const search = await todo(busy.token, { search: 'alpha' });
    expect(titles(search)).toEqual(['Alpha', 'Alpha quiz']);
    expect(search.count).toBe(2);
    expect(search.by_kind).toEqual({ course: 7, assessment: 1 });
    const quizzes = await todo(busy.token, { kind: 'assessment' });
    expect(titles(quizzes)).toEqual(['Alpha quiz']);
    const both = await todo(busy.token, { kind: 'course', search: 'ALPHA' });
    expect(titles(both)).toEqual(['Alpha']);
    expect((await todo(busy.token, { search: 'zulu' })).results).toEqual([]);
  });

  it('refuses an unknown kind and an anonymous caller', async () => {
    const res = await call(t.app, 'GET', '/api/todo/', {
      token: busy.token,
      query: { kind: 'nonsense' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors?.kind).toBeDefined();
    expect((await call(t.app, 'GET', '/api/todo/')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/todo/kinds/')).statusCode).toBe(401);
  });
});

describe('GET /api/todo/kinds/', () => {
  it("lists every provider's kinds with their labels", async () => {
    const res = await call(t.app, 'GET', '/api/todo/kinds/', { token: acme.learner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { kind: 'course', label: 'Courses' },
        { kind: 'assessment', label: 'Assessments' },
        { kind: 'learning_path', label: 'Learning paths' },
        { kind: 'classroom_session', label: 'Classroom sessions' },
        { kind: 'classroom_survey', label: 'Session surveys' },
        { kind: 'approval', label: 'Approvals' },
      ]),
    );
  });
});
