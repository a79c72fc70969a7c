import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeUser } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { HEAD_NOT_MEMBER } from './structure.service.ts';

/*
 * Department heads (issue 14: the approval level "the requester's department head"). Beside
 * structure.test.ts, on a database of its own, so the audit rows counted here are only these.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
const base = '/api/v1/accounts';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

const create = (body: object, token = acme.admin.token) =>
  call(t.app, 'POST', `${base}/department-organization-map/`, { token, body });
const update = (id: number, body: object, token = acme.admin.token) =>
  call(t.app, 'PATCH', `${base}/department-organization-map/${id}/`, { token, body });
const list = async (token = acme.learner.token) =>
  (
    await call(t.app, 'GET', `${base}/get_departments_by_organization/${acme.org.id}/`, { token })
  ).json() as { id: number; name: string; head: { id: number; fullname: string } | null }[];
const nameOf = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`;

const headAudits = (departmentId: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'organisation.changed'),
        eq(auditEvents.organisationId, acme.org.id),
      ),
    )
    .orderBy(auditEvents.id)
    .then((rows) =>
      rows.filter(
        (r) => (r.details as { department?: { id: number } }).department?.id === departmentId,
      ),
    );

describe('department heads', () => {
  it('sets a head when adding a department and answers it with the department', async () => {
    const res = await create({
      organization: acme.org.id,
      name: 'Finance',
      head: acme.trainer.user.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      organization: acme.org.id,
      name: 'Finance',
      head: { id: acme.trainer.user.id, fullname: nameOf(acme.trainer.user) },
      user_count: 0,
      designation_count: 0,
      location_count: 0,
    });
    const [audit] = await headAudits(res.json().id);
    expect(audit).toMatchObject({
      actorId: acme.admin.user.id,
      details: {
        department: { id: res.json().id, name: 'Finance' },
        changes: { head: { old: null, new: acme.trainer.user.id } },
      },
    });
    const plain = await create({ organization: acme.org.id, name: 'Legal' });
    expect(plain.json().head).toBeNull();
    expect(await headAudits(plain.json().id)).toEqual([]);
  });

  it('changes the head, keeps it on a rename, and clears it with null; each change audited', async () => {
    const d = (await list(acme.admin.token)).find((x) => x.name === 'Finance')!.id;
    const changed = await update(d, { head: acme.learner.user.id });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Finance',
      head: { id: acme.learner.user.id, fullname: nameOf(acme.learner.user) },
    });

    const renamed = await update(d, { name: 'Finance and Payroll' });
    expect(renamed.json()).toMatchObject({
      name: 'Finance and Payroll',
      head: { id: acme.learner.user.id },
    });

    // The same head again is no change: nothing more in the audit trail.
    await update(d, { head: acme.learner.user.id });
    const cleared = await update(d, { head: null });
    expect([cleared.statusCode, cleared.json().head]).toEqual([200, null]);

    const changes = (await headAudits(d)).map(
      (r) => (r.details as { changes: { head: unknown } }).changes.head,
    );
    expect(changes).toEqual([
      { old: null, new: acme.trainer.user.id },
      { old: acme.trainer.user.id, new: acme.learner.user.id },
      { old: acme.learner.user.id, new: null },
    ]);
  });

  it('refuses a user of another organisation (400 on head) and writes nothing', async () => {
    const refused = await create({
      organization: acme.org.id,
      name: 'Audit',
      head: globex.admin.user.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: HEAD_NOT_MEMBER,
      errors: { head: [HEAD_NOT_MEMBER] },
    });
    expect((await list()).map((x) => x.name)).not.toContain('Audit');

    const d = (await list()).find((x) => x.name === 'Legal')!.id;
    await update(d, { head: acme.trainer.user.id });
    const foreign = await update(d, { name: 'Legal Affairs', head: globex.learner.user.id });
    expect([foreign.statusCode, foreign.json().errors]).toEqual([400, { head: [HEAD_NOT_MEMBER] }]);
    // Neither the head nor the name of the same request changed.
    expect((await list()).find((x) => x.id === d)).toMatchObject({
      name: 'Legal',
      head: { id: acme.trainer.user.id },
    });
  });

  it('refuses inactive, unapproved and unknown users, and ids that are not ids', async () => {
    const d = (await list()).find((x) => x.name === 'Legal')!.id;
    const inactive = await makeUser(t.database.db, { organisationId: acme.org.id, active: false });
    const pending = await makeUser(t.database.db, { organisationId: acme.org.id, approved: false });
    for (const head of [inactive.id, pending.id, 2_000_000_000]) {
      const res = await update(d, { head });
      expect([res.statusCode, res.json().errors]).toEqual([400, { head: [HEAD_NOT_MEMBER] }]);
    }
    for (const head of ['7', 0, 1.5]) {
      const res = await update(d, { head });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['head']);
    }
  });

  it("lists every department's head in one answer to the organisation's members", async () => {
    const rows = await list();
    expect(rows.map((x) => [x.name, x.head?.id ?? null])).toEqual([
      ['Finance and Payroll', null],
      ['Legal', acme.trainer.user.id],
    ]);
    // Another organisation's admin can neither read nor set them.
    const d = rows[1]!.id;
    expect((await update(d, { head: globex.admin.user.id }, globex.admin.token)).statusCode).toBe(
      404,
    );
  });
});
