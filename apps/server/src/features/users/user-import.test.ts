import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { startMailCatcher } from '../../../test/mail-catcher.ts';
import { multipart } from '../../../test/multipart.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments, designations } from '../../schema/structure.table.ts';
import { memberships, users } from '../../schema/users.table.ts';

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let acme: Staff;
const url = '/api/v1/accounts/user-bulk-upload/';

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ env: { SMTP_URL: mail.url } });
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  const [sales] = await t.database.db
    .insert(departments)
    .values({ organisationId: acme.org.id, name: 'Sales' })
    .returning();
  await t.database.db
    .insert(designations)
    .values({ departmentId: sales!.id, name: 'Account Manager' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const upload = (filename: string, content: Buffer | string, token = acme.admin.token) => {
  const form = multipart([{ name: 'file', filename, content: Buffer.from(content) }]);
  return t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
};
const count = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('user-bulk-upload', () => {
  it('refuses the whole file when one row is bad, reporting each bad row, and writes nothing', async () => {
    const before = await count();
    const csv = [
      'username,email,first_name,last_name,role,department,designation',
      'alice,alice@acme.test,Alice,A,learner,Sales,Account Manager',
      'bob,not-an-email,Bob,B,learner,,',
      'carol,carol@acme.test,Carol,C,wizard,Sales,',
      'alice,alice2@acme.test,Al,Dup,learner,,',
      `${acme.learner.user.username},dave@acme.test,Dave,D,learner,Nowhere,`,
    ].join('\n');
    const res = await upload('people.csv', csv);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('4 of 5 rows have errors. Nothing was imported.');
    expect(body.errors['row 3']).toEqual(['email: enter a valid e-mail address.']);
    expect(body.errors['row 4']).toEqual([
      "role: 'wizard' is not a role (learner, trainer, admin, hiring manager).",
    ]);
    expect(body.errors['row 5']).toEqual(["username: 'alice' is also on row 2."]);
    expect(body.errors['row 6']).toEqual([
      `username: '${acme.learner.user.username}' is already taken.`,
      "department: 'Nowhere' does not exist in this organisation.",
    ]);
    expect(await count()).toBe(before);
  });

  it('imports a corrected file in one go, places people and queues welcome mails', async () => {
    const csv = [
      'Username,E-mail,First name,Last name,Role,Department,Designation',
      'alice,alice@acme.test,Alice,A,learner,sales,account manager',
      'bob,bob@acme.test,Bob,B,Trainer,,',
    ].join('\r\n');
    const res = await upload('people.csv', csv);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      created: 2,
      message: '2 users imported. Their welcome mails are on their way.',
    });
    const [alice] = await t.database.db
      .select({
        role: memberships.roleId,
        dept: userProfiles.departmentId,
        desig: userProfiles.designationId,
        hash: users.passwordHash,
      })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(eq(users.username, 'alice'));
    expect(alice).toMatchObject({ role: 4, hash: null });
    expect(alice!.dept).not.toBeNull();
    expect(alice!.desig).not.toBeNull();
    // Queued, not sent inline; the worker sends them.
    expect(mail.mails.filter((m) => m.to.includes('alice@acme.test'))).toHaveLength(0);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.type, 'mail.welcome'));
    expect(queued.filter((j) => j.status === 'queued')).toHaveLength(2);
    await t.app.ctx.jobs.drain();
    const welcome = await mail.latestTo('alice@acme.test');
    expect(welcome.text).toMatch(/Your user name is alice/);
    const done = await t.database.db.select().from(jobs).where(eq(jobs.type, 'mail.welcome'));
    expect(done.every((j) => j.status === 'done')).toBe(true);
  });

  it('reads XLSX files', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Users');
    ws.addRow(['username', 'email', 'role']);
    ws.addRow(['xena', 'xena@acme.test', 'learner']);
    const res = await upload('people.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(201);
    expect(res.json().created).toBe(1);
  });

  it('refuses malformed files clearly', async () => {
    const missing = await upload('x.csv', 'name,mail\nx,y\n');
    expect([missing.statusCode, missing.json().message]).toEqual([
      400,
      'The file has no username, email, role column. Start from the template.',
    ]);
    const broken = await upload('x.csv', 'username,email,role\n"unterminated,x@y.z,learner\n');
    expect([broken.statusCode, broken.json().message]).toEqual([
      400,
      'The CSV file could not be read.',
    ]);
    const fake = await upload('x.xlsx', 'username,email,role\n');
    expect(fake.statusCode).toBe(415);
    expect((await upload('x.pdf', '%PDF-1.4')).statusCode).toBe(415);
    const empty = await upload('x.csv', 'username,email,role\n');
    expect([empty.statusCode, empty.json().message]).toEqual([
      400,
      'The file has no rows to import.',
    ]);
  });

  it('refuses an import past the licence seats, writing nothing', async () => {
    const small = await makeOrganisationWithStaff(t.database.db, t.config);
    await t.database.db
      .update(organisations)
      .set({ licenceSeats: 5 })
      .where(eq(organisations.id, small.org.id));
    const res = await upload(
      'p.csv',
      'username,email,role\nsa1,sa1@x.test,learner\nsa2,sa2@x.test,learner\n',
      small.admin.token,
    );
    expect(res.statusCode).toBe(409);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'sa1'))).toEqual([]);
  });

  it('is for admins only, and its template downloads', async () => {
    expect(
      (await upload('p.csv', 'username,email,role\nq1,q1@x.test,learner\n', acme.trainer.token))
        .statusCode,
    ).toBe(403);
    const tpl = await t.app.inject({ url: `${url}template/`, headers: bearer(acme.admin.token) });
    expect(tpl.statusCode).toBe(200);
    expect(tpl.body.split(/\r?\n/)[0]).toContain(
      'username,email,first_name,last_name,role,department,designation,location',
    );
  });

  it('imports 10,000 rows well under a minute', async () => {
    const lines = ['username,email,role'];
    for (let i = 0; i < 10_000; i++) lines.push(`bulk${i},bulk${i}@bulk.test,learner`);
    const started = Date.now();
    const res = await upload('big.csv', lines.join('\n'));
    const seconds = (Date.now() - started) / 1000;
    expect(res.statusCode).toBe(201);
    expect(res.json().created).toBe(10_000);
    expect(seconds).toBeLessThan(60);
  }, 120_000);
});
