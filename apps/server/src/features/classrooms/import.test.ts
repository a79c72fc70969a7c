import type { TLearnerImportResult } from '@atrium/contract';
import { ROLE } from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedIn,
  signedInLearner,
} from '../../../test/auth.ts';
import { EXE, makeBooking, makeClassroomSession } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { eventOutbox } from '../../core/events/outbox.table.ts';
import { classroomBookings } from '../../schema/classrooms.table.ts';

/*
 * import-learner: a file of e-mail addresses books learners into a session, checked whole first
 * (any bad row: 400 listing the rows, nobody booked), then booked while seats last and
 * waitlisted after, in file order; those already booked are skipped and reported.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const IMPORT = '/api/classrooms/import-learner/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(db(), t.config);
  http = api(t);
});
afterAll(() => t.close());

const csv = (emails: string[]) => Buffer.from(['email', ...emails].join('\n'));
const send = (token: string, session: number | string, name: string, content: Buffer) =>
  http.form('POST', IMPORT, token, [
    { name: 'session', value: String(session) },
    { name: 'file', filename: name, content },
  ]);
const learners = (n: number) =>
  Promise.all(Array.from({ length: n }, () => signedInLearner(t, acme.org.id)));
const bookingsOf = (sessionId: number) =>
  db()
    .select({
      userId: classroomBookings.userId,
      status: classroomBookings.status,
      bookedBy: classroomBookings.bookedBy,
    })
    .from(classroomBookings)
    .where(eq(classroomBookings.sessionId, sessionId))
    .orderBy(asc(classroomBookings.id));
const eventsFor = (sessionId: number) =>
  db()
    .select({ payload: eventOutbox.payload })
    .from(eventOutbox)
    .where(
      and(
        eq(eventOutbox.name, 'classroom.booking_changed'),
        sql`(${eventOutbox.payload}->>'sessionId')::int = ${sessionId}`,
      ),
    );

describe('import-learner', () => {
  it('books while seats last, then waitlists in file order, skipping the already booked', async () => {
    const { session } = await makeClassroomSession(db(), {
      organisationId: acme.org.id,
      session: { capacity: 2 },
    });
    const [l0, l1, l2, l3] = (await learners(4)) as [SignedIn, SignedIn, SignedIn, SignedIn];
    await makeBooking(db(), session, l0.user.id, 'booked');
    const res = await send(
      acme.admin.token,
      session.id,
      'learners.csv',
      csv([l1.user.email, l2.user.email.toUpperCase(), l3.user.email, l0.user.email]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual<TLearnerImportResult>({
      booked: 1,
      waitlisted: 2,
      skipped: [{ row: 5, email: l0.user.email, status: 'booked' }],
      message: '1 booked, 2 waitlisted, 1 already booked.',
    });
    expect(await bookingsOf(session.id)).toEqual([
      { userId: l0.user.id, status: 'booked', bookedBy: null },
      { userId: l1.user.id, status: 'booked', bookedBy: acme.admin.user.id },
      { userId: l2.user.id, status: 'waitlisted', bookedBy: acme.admin.user.id },
      { userId: l3.user.id, status: 'waitlisted', bookedBy: acme.admin.user.id },
    ]);
    const events = (await eventsFor(session.id)).map((e) => e.payload as Record<string, unknown>);
    expect(events.map((e) => [e.userId, e.change, e.actorId])).toEqual([
      [l1.user.id, 'booked', acme.admin.user.id],
      [l2.user.id, 'waitlisted', acme.admin.user.id],
      [l3.user.id, 'waitlisted', acme.admin.user.id],
    ]);
  });

  it('reads an XLSX file', async () => {
    const { session } = await makeClassroomSession(db(), { organisationId: acme.org.id });
    const [a, b] = (await learners(2)) as [SignedIn, SignedIn];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Learners');
    ws.addRow(['Name', 'Email']);
    ws.addRow(['A', a.user.email]);
    ws.addRow(['B', b.user.email]);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await send(acme.admin.token, session.id, 'learners.xlsx', content);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ booked: 2, waitlisted: 0, skipped: [] });
  });

  it('refuses the whole file when any row is bad, listing the rows, booking nobody', async () => {
    const { session } = await makeClassroomSession(db(), { organisationId: acme.org.id });
    const [good] = (await learners(1)) as [SignedIn];
    const trainer = await signedIn(t, { organisationId: acme.org.id, roleId: ROLE.TRAINER });
    const res = await send(
      acme.admin.token,
      session.id,
      'learners.csv',
      csv([
        good.user.email, // row 2: fine
        'nobody@nowhere.test', // row 3: unknown
        globex.learner.user.email, // row 4: another organisation
        good.user.email, // row 5: twice
        trainer.user.email, // row 6: not a learner
        '', // row 7 blank: skipped by the reader
        'not-an-address', // row 8: unknown
      ]),
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['row 3', 'row 4', 'row 5', 'row 6', 'row 8']);
    expect(errors['row 4']![0]).toContain('not a member of this organisation');
    expect(errors['row 5']![0]).toContain('also on row 2');
    expect(errors['row 6']![0]).toContain('not a learner');
    expect(await bookingsOf(session.id)).toEqual([]);
    expect(await eventsFor(session.id)).toEqual([]);
  });

  it('refuses files that are not CSV or XLSX, a file without an email column, and a past session', async () => {
    const { session } = await makeClassroomSession(db(), { organisationId: acme.org.id });
    expect((await send(acme.admin.token, session.id, 'x.exe', EXE)).statusCode).toBe(415);
    expect((await send(acme.admin.token, session.id, 'x.csv', EXE)).statusCode).toBe(415);
    const noColumn = await send(acme.admin.token, session.id, 'x.csv', Buffer.from('name\nJane\n'));
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().errors.file).toBeDefined();
    const past = await makeClassroomSession(db(), {
      organisationId: acme.org.id,
      session: { startsAt: new Date(Date.now() - 3_600_000) },
    });
    const started = await send(
      acme.admin.token,
      past.session.id,
      'x.csv',
      csv([acme.learner.user.email]),
    );
    expect(started.statusCode).toBe(400);
    expect(started.json().errors.session).toBeDefined();
    const missing = await send(acme.admin.token, 'abc', 'x.csv', csv([]));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.session).toBeDefined();
  });

  it('managers only: another organisation 404, a trainer who is not the author 403, a learner 403', async () => {
    const { session } = await makeClassroomSession(db(), { organisationId: acme.org.id });
    const file = csv([acme.learner.user.email]);
    expect((await send(globex.admin.token, session.id, 'x.csv', file)).statusCode).toBe(404);
    expect((await send(acme.trainer.token, session.id, 'x.csv', file)).statusCode).toBe(403);
    expect((await send(acme.learner.token, session.id, 'x.csv', file)).statusCode).toBe(403);
    expect(await bookingsOf(session.id)).toEqual([]);
  });

  it('learner-sample-report: the sample file in CSV and XLSX', async () => {
    const sample = await http.get('/api/classrooms/learner-sample-report/', acme.admin.token);
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toContain('text/csv');
    expect(sample.headers['content-disposition']).toContain('learner-import-sample.csv');
    expect(
      sample.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['email', 'jane.doe@example.com']);
    const xlsx = await http.get(
      '/api/classrooms/learner-sample-report/?format=xlsx',
      acme.trainer.token,
    );
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).getCell(1).value).toBe('email');
    expect(
      (await http.get('/api/classrooms/learner-sample-report/', acme.learner.token)).statusCode,
    ).toBe(403);
  });
});
