import type { TCpdEntry, TCpdSummary } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { makeCpdCategory, makeCpdEntry, makeCpdScheme } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';

/*
 * Progress and the ledger: the summary of the current cycle (UTC) against the target and the
 * categories' minimums, carry-over from the previous cycle, the last cycles for the chart; the
 * paginated ledger by cycle and status; exports for auditors. A ledger is its learner's and
 * their admins'; to anyone else it does not exist (404).
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const SUMMARY = '/api/cpd/summary/';
const ENTRIES = '/api/cpd/entries/';
const EXPORT = '/api/cpd/export/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(db(), t.config);
  http = api(t);
});
afterAll(() => t.close());

const year = new Date().getUTCFullYear();
const inYear = (y: number, monthDay = '06-15') => new Date(`${y}-${monthDay}T12:00:00Z`);
const summaryOf = async (who: SignedIn, user?: number) =>
  (await http.get(`${SUMMARY}${user ? `?user=${user}` : ''}`, who.token)).json() as TCpdSummary;

describe('who reads a ledger', () => {
  it('the learner their own; admins any member; others (and other organisations) 404', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const other = await signedInLearner(t, acme.org.id);
    const own = await http.get(SUMMARY, learner.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().user.id).toBe(learner.user.id);
    for (const url of [
      `${SUMMARY}?user=${learner.user.id}`,
      `${ENTRIES}?user=${learner.user.id}`,
    ]) {
      expect((await http.get(url, acme.admin.token)).statusCode).toBe(200);
      expect((await http.get(url, acme.superadmin.token)).statusCode).toBe(200);
      expect((await http.get(url, other.token)).statusCode).toBe(404);
      expect((await http.get(url, acme.trainer.token)).statusCode).toBe(404);
      expect((await http.get(url, globex.admin.token)).statusCode).toBe(404);
    }
    // A user of another organisation is no user of this one, even for its admin.
    expect(
      (await http.get(`${SUMMARY}?user=${globex.learner.user.id}`, acme.admin.token)).statusCode,
    ).toBe(404);
    expect((await http.get(`${SUMMARY}?user=999999999`, acme.admin.token)).statusCode).toBe(404);
  });

  it('without the /cpd menu permission nothing answers (403)', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const menu = (
      await http.get(`/api/dashboard/get_permission/?user_id=${learner.user.id}`, acme.admin.token)
    ).json();
    const withoutCpd = JSON.parse(
      JSON.stringify(menu.permissions ?? menu).replace(
        /("href":"\/cpd","icon":"Event","permission":)true/,
        '$1false',
      ),
    );
    const set = await http.post('/api/dashboard/get_permission/', acme.admin.token, {
      user_id: learner.user.id,
      permissions: withoutCpd,
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    expect((await http.get(SUMMARY, learner.token)).statusCode).toBe(403);
  });
});

describe('the summary', () => {
  it('the current cycle against the target and the minimums; carry-over from the last cycle', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    await makeCpdScheme(db(), org.org.id, { target: 20, carryOverMax: 5 });
    const formal = await makeCpdCategory(db(), org.org.id, { name: 'Formal', minimum: 8 });
    const learner = org.learner;
    const entry = (o: Partial<Parameters<typeof makeCpdEntry>[1]>) =>
      makeCpdEntry(db(), { userId: learner.user.id, organisationId: org.org.id, ...o });
    await entry({ value: 30, completedAt: inYear(year - 1) }); // 10 above: 5 carries
    await entry({ value: 4, completedAt: inYear(year, '01-01'), categoryId: formal.id });
    await entry({ value: 3, completedAt: inYear(year, '01-02') });
    await entry({ value: 2, completedAt: inYear(year, '01-03'), status: 'pending' });
    await entry({ value: 9, completedAt: inYear(year, '01-04'), status: 'rejected' });
    await entry({ value: 7, completedAt: inYear(year - 3) });
    const s = await summaryOf(learner);
    expect(s).toMatchObject({
      cycle: { start: `${year}-01-01T00:00:00.000Z`, end: `${year + 1}-01-01T00:00:00.000Z` },
      unit: 'hours',
      target: 20,
      earned: 7,
      carried_over: 5,
      total: 12,
      pending: 2,
      uncategorised: 3,
      other_unit: null,
    });
    expect(s.categories).toEqual([{ id: formal.id, name: 'Formal', minimum: 8, earned: 4 }]);
    expect(s.history.map((h) => [h.start.slice(0, 4), h.earned, h.carried_over, h.total])).toEqual([
      [String(year - 4), 0, 0, 0],
      [String(year - 3), 7, 0, 7],
      [String(year - 2), 0, 0, 0],
      [String(year - 1), 30, 0, 30],
      [String(year), 7, 5, 12],
    ]);
    // The admin's view of the learner is the same.
    expect(await summaryOf(org.admin, learner.user.id)).toEqual(s);
  });

  it('credit in the other unit is shown beside the target, not counted', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    await makeCpdScheme(db(), org.org.id, { unit: 'points', target: 10 });
    const base = { userId: org.learner.user.id, organisationId: org.org.id };
    await makeCpdEntry(db(), { ...base, value: 2.5, unit: 'hours', sourceKind: 'course' });
    await makeCpdEntry(db(), { ...base, value: 4, unit: 'points' });
    expect(await summaryOf(org.learner)).toMatchObject({
      unit: 'points',
      earned: 4,
      other_unit: { unit: 'hours', earned: 2.5 },
    });
  });

  it('without a scheme: no cycle, every credit in hours', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const base = { userId: org.learner.user.id, organisationId: org.org.id };
    await makeCpdEntry(db(), { ...base, value: 1.25, completedAt: inYear(year - 2) });
    await makeCpdEntry(db(), { ...base, value: 1 });
    expect(await summaryOf(org.learner)).toMatchObject({
      scheme: null,
      cycle: null,
      target: null,
      earned: 2.25,
      history: [],
    });
  });
});

describe('the ledger (entries/)', () => {
  it('an entry belongs to the cycle of its completion, at the boundary too', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    await makeCpdScheme(db(), org.org.id, { startMonth: 4 });
    const base = { userId: org.learner.user.id, organisationId: org.org.id };
    const before = await makeCpdEntry(db(), {
      ...base,
      completedAt: new Date('2027-03-31T23:59:59Z'),
    });
    const after = await makeCpdEntry(db(), {
      ...base,
      completedAt: new Date('2027-04-01T00:00:00Z'),
    });
    const ids = async (cycle: string) =>
      (
        (await http.get(`${ENTRIES}?cycle=${cycle}`, org.learner.token)).json()
          .results as TCpdEntry[]
      ).map((e) => e.id);
    expect(await ids('2026-04-01')).toEqual([before.id]);
    expect(await ids('2027-03-31')).toEqual([before.id]);
    expect(await ids('2027-04-01')).toEqual([after.id]);
    expect(await ids('2028-01-15')).toEqual([after.id]);
  });

  it('pages newest first and filters by status; a cycle without a scheme is a 400', async () => {
    const org = await makeOrganisationWithStaff(db(), t.config);
    const base = { userId: org.learner.user.id, organisationId: org.org.id };
    const made = [];
    for (let i = 1; i <= 3; i++)
      made.push(await makeCpdEntry(db(), { ...base, completedAt: inYear(year, `02-0${i}`) }));
    await makeCpdEntry(db(), { ...base, status: 'pending', completedAt: inYear(year, '01-01') });
    const page1 = (
      await http.get(`${ENTRIES}?status=credited&page_size=2`, org.learner.token)
    ).json();
    expect(page1.count).toBe(3);
    expect(page1.results.map((e: TCpdEntry) => e.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(page1.next).toBe('/api/cpd/entries/?status=credited&page_size=2&page=2');
    const res = await http.get(`${ENTRIES}?cycle=${year}-01-01`, org.learner.token);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['cycle']);
    expect((await http.get(`${ENTRIES}?status=lost`, org.learner.token)).statusCode).toBe(400);
  });
});

describe('exports for auditors', () => {
  async function ledger() {
    const org = await makeOrganisationWithStaff(db(), t.config);
    await makeCpdScheme(db(), org.org.id, { name: 'Nursing standard', target: 20 });
    const cat = await makeCpdCategory(db(), org.org.id, { name: 'Formal', minimum: 5 });
    const base = { userId: org.learner.user.id, organisationId: org.org.id };
    await makeCpdEntry(db(), { ...base, title: 'Wound care', value: 6, categoryId: cat.id });
    await makeCpdEntry(db(), { ...base, title: '=HYPERLINK("x")', value: 2, status: 'pending' });
    await makeCpdEntry(db(), {
      ...base,
      title: 'Last year',
      value: 9,
      completedAt: inYear(year - 1),
    });
    return org;
  }

  it('XLSX: a summary sheet and the cycle’s entries, formulas neutralised', async () => {
    const org = await ledger();
    const res = await http.get(
      `${EXPORT}?format=xlsx&user=${org.learner.user.id}`,
      org.admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="cpd-ledger-\d+-\d{4}-01-01\.xlsx"$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = (name: string) =>
      book
        .getWorksheet(name)!
        .getSheetValues()
        .filter(Boolean)
        .map((r) => (r as unknown[]).slice(1));
    const summary = Object.fromEntries(values('Summary').map(([k, v]) => [k, v]));
    expect(summary.Scheme).toContain('Nursing standard');
    expect(summary['Cycle (UTC)']).toBe(`${year}-01-01 to ${year}-12-31`);
    expect(summary.Total).toBe('6 of 20 hours');
    expect(summary['Category: Formal']).toBe('6 (minimum 5)');
    const entries = values('Entries');
    expect(entries[0]).toEqual([
      'Completed',
      'Title',
      'Source',
      'Category',
      'Value',
      'Unit',
      'Status',
      'Evidence',
    ]);
    expect(entries.slice(1).map((r) => [r[1], r[4], r[6]])).toEqual(
      expect.arrayContaining([
        ['Wound care', 6, 'credited'],
        [`'=HYPERLINK("x")`, 2, 'pending'],
      ]),
    );
    expect(entries).toHaveLength(3);
  });

  it('PDF: a document; the learner exports their own, others 404; the audit trail records it', async () => {
    const org = await ledger();
    const res = await http.get(`${EXPORT}?format=pdf`, org.learner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    const url = `${EXPORT}?format=pdf&user=${org.learner.user.id}`;
    expect((await http.get(url, org.trainer.token)).statusCode).toBe(404);
    expect((await http.get(url, acme.admin.token)).statusCode).toBe(404);
    expect((await http.get(`${EXPORT}?format=csv`, org.learner.token)).statusCode).toBe(400);
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'cpd.ledger_exported'));
    expect(audits.some((a) => a.targetUserId === org.learner.user.id)).toBe(true);
  });

  it('anonymous callers are refused (401)', async () => {
    expect((await call(t.app, 'GET', `${EXPORT}?format=pdf`)).statusCode).toBe(401);
  });
});
