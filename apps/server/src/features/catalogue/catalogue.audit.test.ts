import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';

/* Publishing decisions and deletions are audited: who, what, from which status, from where. */
let t: TestApp;
let acme: Staff;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  a = api(t);
});
afterAll(() => t.close());

const auditOf = async (action: string) =>
  t.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

describe('course audit', () => {
  it('records each status change with its actor and both statuses, and a deletion', async () => {
    const course = await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
      title: 'Audited',
    });
    const url = `/api/courses/published/${course.id}/`;
    expect((await a.patch(url, acme.trainer.token, { status: 'pending' })).statusCode).toBe(200);
    expect((await a.patch(url, acme.admin.token, { status: 'published' })).statusCode).toBe(200);
    // Asking for the status it already has changes nothing and records nothing.
    expect((await a.patch(url, acme.admin.token, { status: 'published' })).statusCode).toBe(200);
    const changes = await auditOf('course.status_changed');
    expect(changes.map((c) => [c.actorId, c.details])).toEqual([
      [acme.trainer.user.id, { course: course.id, title: 'Audited', from: 'draft', to: 'pending' }],
      [
        acme.admin.user.id,
        { course: course.id, title: 'Audited', from: 'pending', to: 'published' },
      ],
    ]);
    expect(changes.every((c) => c.organisationId === acme.org.id && c.ip)).toBe(true);

    expect((await a.patch(url, acme.admin.token, { status: 'draft' })).statusCode).toBe(200);
    expect((await a.del(`/api/courses/${course.id}/`, acme.admin.token)).statusCode).toBe(200);
    const [deleted] = await auditOf('course.deleted');
    expect(deleted).toMatchObject({
      actorId: acme.admin.user.id,
      details: { course: course.id, title: 'Audited', status: 'draft' },
    });
  });

  it('a refused change leaves no audit entry', async () => {
    const course = await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    const before = (await auditOf('course.status_changed')).length;
    const res = await a.patch(`/api/courses/published/${course.id}/`, acme.learner.token, {
      status: 'published',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(403);
    expect((await auditOf('course.status_changed')).length).toBe(before);
  });
});
