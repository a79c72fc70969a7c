import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { makeCourse, makeModuleWithFiles } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import type { DomainEvents } from '../../core/events/event-bus.ts';

/* Enrolment requests: asked by learners, decided by the course's managers (split from enrolments.test.ts). */
let t: TestApp;
let acme: Staff;
let globex: Staff;
const events: { name: string; payload: unknown }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  for (const name of [
    'enrolment.requested',
    'enrolment.approved',
    'enrolment.rejected',
    'enrolment.withdrawn',
    'enrolment.assigned',
  ] as const) {
    t.app.ctx.bus.subscribe(name, (payload: DomainEvents[typeof name]) => {
      events.push({ name, payload });
    });
  }
});
afterAll(() => t.close());

describe('enrolment requests', () => {
  it('request → approve: listed for both sides, events published, and the learner can report progress', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const { files } = await makeModuleWithFiles(t.database.db, { course });
    const l = await signedInLearner(t, acme.org.id);
    const req = await call(t.app, 'POST', '/api/courses/course_enrollment_request/', {
      token: l.token,
      body: {
        course: course.id,
      },
    });
    expect(req.statusCode).toBe(201);
    expect(req.json()).toMatchObject({ status: 'requested', course: { id: course.id } });
    const dup = await call(t.app, 'POST', '/api/courses/course_enrollment_request/', {
      token: l.token,
      body: {
        course: course.id,
      },
    });
    expect(dup.statusCode).toBe(409);
    // Before approval there is no progress to report.
    const early = await call(t.app, 'POST', '/api/courses/module-file-user-status/', {
      token: l.token,
      body: {
        module_file: files[0]!.id,
        status: 'in_progress',
      },
    });
    expect(early.statusCode).toBe(403);

    const mine = await call(t.app, 'GET', '/api/courses/enrollment-requests/', { token: l.token });
    expect(mine.json()).toMatchObject({ count: 1, pending_count: 1 });
    const toDecide = await call(
      t.app,
      'GET',
      '/api/courses/enrollment-requests/?scope=to_decide&status=requested',
      { token: acme.trainer.token },
    );
    expect(toDecide.json().results.map((e: { id: number }) => e.id)).toContain(req.json().id);
    expect(toDecide.json().pending_count).toBeGreaterThanOrEqual(1);
    const learnerDecides = await call(
      t.app,
      'GET',
      '/api/courses/enrollment-requests/?scope=to_decide',
      { token: l.token },
    );
    expect(learnerDecides.json()).toMatchObject({ count: 0, pending_count: 0 });
    const foreignDecides = await call(
      t.app,
      'GET',
      '/api/courses/enrollment-requests/?scope=to_decide',
      { token: globex.admin.token },
    );
    expect(foreignDecides.json().count).toBe(0);

    // Only a manager of the course approves.
    const byLearner = await call(
      t.app,
      'POST',
      '/api/courses/approved_course_enrollment_request/',
      { token: acme.learner.token, body: { enrolment: req.json().id } },
    );
    expect(byLearner.statusCode).toBe(404);
    const byForeign = await call(
      t.app,
      'POST',
      '/api/courses/approved_course_enrollment_request/',
      { token: globex.admin.token, body: { enrolment: req.json().id } },
    );
    expect(byForeign.statusCode).toBe(404);
    const ok = await call(t.app, 'POST', '/api/courses/approved_course_enrollment_request/', {
      token: acme.trainer.token,
      body: { enrolment: req.json().id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'enrolled', decided_by: acme.trainer.user.id });
    const twice = await call(t.app, 'POST', '/api/courses/approved_course_enrollment_request/', {
      token: acme.trainer.token,
      body: { enrolment: req.json().id },
    });
    expect(twice.statusCode).toBe(409);
    expect(
      events
        .filter((e) => (e.payload as { enrolmentId?: number }).enrolmentId === req.json().id)
        .map((e) => e.name),
    ).toEqual(['enrolment.requested', 'enrolment.approved']);

    const report = await call(t.app, 'POST', '/api/courses/module-file-user-status/', {
      token: l.token,
      body: {
        module_file: files[0]!.id,
        status: 'in_progress',
        time_spent: 30,
      },
    });
    expect(report.statusCode).toBe(200);
    expect(report.json().last).toEqual({
      selectedModule: files[0]!.moduleId,
      selectedFile: files[0]!.id,
    });
  });

  it('an approver rejects (the learner may ask again); the requester withdraws', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    const l = await signedInLearner(t, acme.org.id);
    const first = (
      await call(t.app, 'POST', '/api/courses/course_enrollment_request/', {
        token: l.token,
        body: {
          course: course.id,
        },
      })
    ).json();
    const other = await signedInLearner(t, acme.org.id);
    const notMine = await call(
      t.app,
      'POST',
      '/api/courses/course_enrollment_request_reject_by_user/',
      { token: other.token, body: { enrolment: first.id } },
    );
    expect(notMine.statusCode).toBe(404);
    const rejected = await call(
      t.app,
      'POST',
      '/api/courses/course_enrollment_request_reject_by_user/',
      {
        token: acme.admin.token,
        body: {
          enrolment: first.id,
          reason: 'Full.',
        },
      },
    );
    expect(rejected.json()).toMatchObject({ withdrawn: false, enrolment: { status: 'rejected' } });
    expect(events.at(-1)).toMatchObject({
      name: 'enrolment.rejected',
      payload: { reason: 'Full.' },
    });
    const again = await call(t.app, 'POST', '/api/courses/course_enrollment_request/', {
      token: l.token,
      body: {
        course: course.id,
      },
    });
    expect([again.statusCode, again.json().id, again.json().status]).toEqual([
      201,
      first.id,
      'requested',
    ]);
    const withdrawn = await call(
      t.app,
      'POST',
      '/api/courses/course_enrollment_request_reject_by_user/',
      { token: l.token, body: { enrolment: first.id } },
    );
    expect(withdrawn.json()).toEqual({ withdrawn: true, enrolment: null });
    expect(events.at(-1)?.name).toBe('enrolment.withdrawn');
    expect(
      (await call(t.app, 'GET', '/api/courses/enrollment-requests/', { token: l.token })).json()
        .count,
    ).toBe(0);
  });

  it('refuses courses not open to requests, staff and other organisations', async () => {
    const closed = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      selfEnrol: false,
    });
    const l = await signedInLearner(t, acme.org.id);
    const res = await call(t.app, 'POST', '/api/courses/course_enrollment_request/', {
      token: l.token,
      body: {
        course: closed.id,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors).toEqual(['This course does not take enrolment requests.']);
    const draft = await makeCourse(t.database.db, { organisationId: acme.org.id, status: 'draft' });
    expect(
      (
        await call(t.app, 'POST', '/api/courses/course_enrollment_request/', {
          token: l.token,
          body: {
            course: draft.id,
          },
        })
      ).statusCode,
    ).toBe(404);
    const shared = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      visibility: 'catalogue',
    });
    expect(
      (
        await call(t.app, 'POST', '/api/courses/course_enrollment_request/', {
          token: globex.learner.token,
          body: {
            course: shared.id,
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/courses/course_enrollment_request/', {
          token: acme.trainer.token,
          body: {
            course: shared.id,
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/courses/course_enrollment_request/', {
          token: l.token,
          body: {
            course: 'x',
          },
        })
      ).statusCode,
    ).toBe(400);
  });
});
