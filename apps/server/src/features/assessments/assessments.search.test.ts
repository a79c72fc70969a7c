import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignAssessment,
  enrol,
  makeAdmin,
  makeAssessment,
  makeCourse,
  makeDepartment,
  makeLearner,
  makeOrganisation,
  makeSuperadmin,
  makeTrainer,
} from '../../../test/factories/index.ts';
import { placeUser } from '../../../test/factories/learning-path-enrolments.ts';
import { authFor, createServiceContext, type ServiceTest } from '../../../test/service-context.ts';
import { assessmentAssignments } from '../../schema/assessments.table.ts';
import { assessmentService } from './assessment.service.ts';
import { copyAssessment } from './assessment-copy.service.ts';
import { assessmentSearch } from './assessments.search.ts';

/*
 * Assessments in global search: documents (title, instructions as text, the start page's route)
 * and `visible`: staff see their organisation's (the authoring list's rule), a learner the
 * published ones assigned to them (directly or by department) or of a course they take, nobody
 * another organisation's; every write tells the index.
 */
let s: ServiceTest;
beforeAll(async () => {
  s = await createServiceContext();
});
afterAll(() => s.close());

const sorted = (...xs: { id: number }[]) => xs.map((x) => x.id).sort((a, b) => a - b);

describe('assessment search provider', () => {
  it('writes the title and the instructions as text', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const a = await makeAssessment(db, {
      organisationId: org.id,
      createdBy: null,
      title: 'Fire safety quiz',
      settings: { instructions: '<p>Answer <strong>all</strong> questions.</p><p>Q&amp;A</p>' },
    });
    expect(await assessmentSearch.documents(s.ctx, [a.id, 999_999_999])).toEqual([
      {
        id: a.id,
        organisationId: org.id,
        title: 'Fire safety quiz',
        body: 'Answer all questions. Q&A',
        subtitle: null,
        href: `/assessment/${a.uuid}`,
      },
    ]);
    expect(await assessmentSearch.ids(s.ctx, a.id - 1, 1)).toEqual([a.id]);
  });

  it('shows each caller the assessments their pages show them', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const other = await makeOrganisation(db);
    const department = await makeDepartment(db, { organisationId: org.id });
    const assigned = await makeLearner(db, { organisationId: org.id });
    const inDepartment = await makeLearner(db, { organisationId: org.id });
    await placeUser(db, inDepartment.id, { departmentId: department.id });
    const enrolled = await makeLearner(db, { organisationId: org.id });
    const stranger = await makeLearner(db, { organisationId: org.id });
    const trainer = await makeTrainer(db, { organisationId: org.id });
    const admin = await makeAdmin(db, { organisationId: org.id });
    const superadmin = await makeSuperadmin(db, { organisationId: org.id });
    const course = await makeCourse(db, { organisationId: org.id });
    await enrol(db, course.id, enrolled.id);
    const make = (o: Partial<Parameters<typeof makeAssessment>[1]> = {}) =>
      makeAssessment(db, { organisationId: org.id, createdBy: admin.id, ...o });
    const toUser = await make();
    await assignAssessment(db, toUser.id, [assigned.id]);
    const toDepartment = await make();
    await db
      .insert(assessmentAssignments)
      .values({ assessmentId: toDepartment.id, departmentId: department.id });
    const ofCourse = await make({ courseId: course.id });
    const draft = await make({ status: 'draft' });
    await assignAssessment(db, draft.id, [assigned.id]);
    const foreign = await makeAssessment(db, { organisationId: other.id, createdBy: null });
    const ids = [toUser, toDepartment, ofCourse, draft, foreign].map((a) => a.id);
    const seen = async (user: { id: number }) =>
      [...(await assessmentSearch.visible(s.ctx, await authFor(s.ctx, user), ids))].sort(
        (a, b) => a - b,
      );
    expect(await seen(assigned)).toEqual(sorted(toUser));
    expect(await seen(inDepartment)).toEqual(sorted(toDepartment));
    expect(await seen(enrolled)).toEqual(sorted(ofCourse));
    expect(await seen(stranger)).toEqual([]);
    for (const staff of [trainer, admin, superadmin]) {
      expect(await seen(staff)).toEqual(sorted(toUser, toDepartment, ofCourse, draft));
    }
    // Staff open the editor; a learner keeps the start page of the document.
    const hrefs = (user: { id: number }) =>
      authFor(s.ctx, user).then((auth) => assessmentSearch.hrefs!(s.ctx, auth, [draft.id]));
    expect(await hrefs(trainer)).toEqual(
      new Map([[draft.id, `/assessment/edit-assessment/${draft.id}`]]),
    );
    expect(await hrefs(assigned)).toEqual(new Map());
  });

  it('is told of every create, edit, status change, copy and deletion', async () => {
    const db = s.ctx.db;
    const org = await makeOrganisation(db);
    const trainer = await makeTrainer(db, { organisationId: org.id });
    const auth = await authFor(s.ctx, trainer);
    const told: number[][] = [];
    const stop = s.ctx.bus.subscribe('search.changed', (p) => {
      if (p.kind === 'assessment') told.push(p.ids);
    });
    try {
      const a = await assessmentService.create(s.ctx, auth, { title: 'Induction quiz' });
      await assessmentService.update(s.ctx, auth, a.id, { title: 'Induction check' });
      await assessmentService.update(s.ctx, auth, a.id, { status: 'archived' });
      const copy = await copyAssessment(s.ctx, auth, { assessment: a.id });
      await assessmentService.remove(s.ctx, auth, a.id);
      expect(told).toEqual([[a.id], [a.id], [a.id], [copy.id], [a.id]]);
      expect(await assessmentSearch.documents(s.ctx, [a.id])).toEqual([]);
    } finally {
      stop();
    }
  });
});
