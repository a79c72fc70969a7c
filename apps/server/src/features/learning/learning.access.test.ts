import type { TMenuEntry } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';

/**
 * Managing a course's learners, FAQs and assignments needs the /courses menu entry, as the
 * (perm) screens that do it do; taking part (the no-perm course player) does not.
 */
let t: TestApp;
let acme: Staff;
let courseId: number;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  courseId = (
    await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    })
  ).id;
});
afterAll(() => t.close());

const switchOff = (menu: TMenuEntry[], href: string): TMenuEntry[] =>
  menu.map((e) => ({ ...e, permission: e.href === href ? false : e.permission }));

const management = () =>
  [
    ['GET', `/api/courses/${courseId}/enrolments/`],
    ['POST', `/api/courses/${courseId}/assign/`],
    ['POST', `/api/courses/${courseId}/unassign/`],
    ['PATCH', '/api/courses/user-enrolments/1/'],
    ['POST', '/api/courses/faq/'],
    ['PATCH', '/api/courses/faq/1/'],
    ['DELETE', '/api/courses/faq/1/'],
    ['POST', '/api/courses/assignment/'],
    ['PATCH', '/api/courses/assignment/1/'],
    ['DELETE', '/api/courses/assignment/1/'],
    ['POST', '/api/courses/assignment/1/grade/'],
    ['GET', '/api/courses/assignment/1/submissions/'],
  ] as const;

describe('the /courses menu entry and the learning routes', () => {
  it("refuses the management calls once the trainer's /courses entry is switched off", async () => {
    const trainer = acme.trainer.token;
    for (const [method, url] of management()) {
      const res = await call(t.app, method, url, { token: trainer, body: {} });
      expect([401, 403], `${method} ${url}: ${res.body}`).not.toContain(res.statusCode);
    }

    const permissions = '/api/dashboard/get_permission/';
    const current = await call(t.app, 'GET', permissions, {
      token: acme.admin.token,
      query: { user_id: String(acme.trainer.user.id) },
    });
    const off = await call(t.app, 'POST', permissions, {
      token: acme.admin.token,
      body: {
        user_id: acme.trainer.user.id,
        permissions: switchOff(current.json().permissions, '/courses'),
      },
    });
    expect(off.statusCode).toBe(200);

    for (const [method, url] of management()) {
      const res = await call(t.app, method, url, { token: trainer, body: {} });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    // What the no-perm course player calls stays open.
    const faqs = await call(t.app, 'GET', `/api/courses/faq-list/${courseId}/`, { token: trainer });
    expect(faqs.statusCode).toBe(200);
  });
});
