import type { TCpdEntry } from '@atrium/contract';
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
  EXE,
  makeCpdCategory,
  makeCpdEntry,
  makeCpdScheme,
  PDF,
  PNG,
  storedFiles,
} from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import { cpdEntries } from '../../schema/cpd.table.ts';

/*
 * External CPD: a learner adds it with evidence and a reflection; it waits for the approval flow
 * (cpd_external, any admin by default); approved it is credited and counts, rejected it does not.
 * The learner may withdraw it while it waits; the evidence is the learner's and their admins'.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const ENTRIES = '/api/cpd/entries/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(db(), t.config);
  // Yearly from January, 10 hours: this year's cycle is the calendar year (UTC). Evidence is
  // optional here; globex keeps the default (required).
  await makeCpdScheme(db(), acme.org.id, { target: 10, evidenceRequired: false });
  http = api(t);
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

function add(
  who: SignedIn,
  fields: Record<string, string>,
  evidence: { name: string; content: Buffer } | null = { name: 'certificate.pdf', content: PDF },
) {
  return http.form('POST', ENTRIES, who.token, [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(evidence ? [{ name: 'evidence', filename: evidence.name, content: evidence.content }] : []),
  ]);
}

const conference = (o: Record<string, string> = {}) => ({
  title: 'Regional conference',
  value: '6',
  completed_at: today(),
  reflection: '<p>What I learned: <script>alert(1)</script><strong>triage</strong></p>',
  ...o,
});

const requestOf = async (entryId: number) => {
  const [row] = await db()
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.kind, 'cpd_external'), eq(approvalRequests.subjectId, entryId)));
  return row!;
};

const decide = (requestId: number, status: 1 | 2, token = acme.admin.token) =>
  call(t.app, 'PATCH', `/api/approvalflow/approve-reject/${requestId}/`, {
    token,
    body: status === 1 ? { status } : { status, comment: 'No evidence of attendance.' },
  });

const summaryOf = async (who: SignedIn) => (await http.get('/api/cpd/summary/', who.token)).json();

describe('adding external CPD', () => {
  it('pending with a request to the admins; approved it is credited and counts', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const category = await makeCpdCategory(db(), acme.org.id, { name: 'Informal', minimum: 2 });
    const res = await add(learner, conference({ category: String(category.id) }));
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json() as TCpdEntry;
    expect(entry).toMatchObject({
      user: learner.user.id,
      title: 'Regional conference',
      category: { id: category.id, name: 'Informal' },
      source_kind: 'external',
      source_link: null,
      value: 6,
      unit: 'hours',
      status: 'pending',
      evidence_name: 'certificate.pdf',
      abilities: { withdraw: true, download_evidence: true },
    });
    // The reflection is kept as sanitised rich text.
    expect(entry.reflection).toBe('<p>What I learned: <strong>triage</strong></p>');
    const request = await requestOf(entry.id);
    expect(request).toMatchObject({ status: 'pending', requesterId: learner.user.id });
    expect(await summaryOf(learner)).toMatchObject({ earned: 0, pending: 6 });

    expect((await decide(request.id, 1)).statusCode).toBe(200);
    const summary = await summaryOf(learner);
    expect(summary).toMatchObject({ earned: 6, total: 6, pending: 0, target: 10 });
    expect(summary.categories).toContainEqual({
      id: category.id,
      name: 'Informal',
      minimum: 2,
      earned: 6,
    });
    const ledger = (await http.get(ENTRIES, learner.token)).json();
    expect(ledger.results.map((e: TCpdEntry) => [e.id, e.status])).toEqual([
      [entry.id, 'credited'],
    ]);
  });

  it('rejected it stays in the ledger as rejected and counts nowhere', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const entry = (await add(learner, conference({ value: '3.5' }), null)).json() as TCpdEntry;
    expect(entry.evidence_name).toBe(null);
    expect((await decide((await requestOf(entry.id)).id, 2)).statusCode).toBe(200);
    expect(await summaryOf(learner)).toMatchObject({ earned: 0, pending: 0 });
    const ledger = (await http.get(`${ENTRIES}?status=rejected`, learner.token)).json();
    expect(ledger.results.map((e: TCpdEntry) => e.id)).toEqual([entry.id]);
  });

  it('the unit defaults to the scheme’s; a unit given is kept', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const points = (await add(learner, conference({ unit: 'points' }), null)).json();
    expect(points.unit).toBe('points');
  });

  it.each([
    [{ value: '-1' }, 'value'],
    [{ value: '0' }, 'value'],
    [{ value: '1000.5' }, 'value'],
    [{ value: 'lots' }, 'value'],
    [{ completed_at: '2999-01-01' }, 'completed_at'],
    [{ completed_at: 'yesterday' }, 'completed_at'],
    [{ title: '' }, 'title'],
    [{ unit: 'minutes' }, 'unit'],
    [{ category: 'abc' }, 'category'],
  ])('%o is a 400 naming %s; nothing is stored', async (bad, field) => {
    const learner = await signedInLearner(t, acme.org.id);
    const files = storedFiles(t).length;
    const res = await add(learner, conference(bad));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect(
      await db().select().from(cpdEntries).where(eq(cpdEntries.userId, learner.user.id)),
    ).toEqual([]);
    expect(storedFiles(t)).toHaveLength(files);
  });

  it('another organisation’s category is a 400 naming it', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const foreign = await makeCpdCategory(db(), globex.org.id);
    const res = await add(learner, conference({ category: String(foreign.id) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      category: ['Choose a CPD category of your organisation.'],
    });
  });

  it('evidence of a disallowed type is a 415; nothing stored', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const files = storedFiles(t).length;
    for (const evidence of [
      { name: 'setup.exe', content: EXE },
      // Content that is not what its name says.
      { name: 'certificate.pdf', content: EXE },
      { name: 'slides.pptx', content: PDF },
    ]) {
      const res = await add(learner, conference(), evidence);
      expect(res.statusCode, evidence.name).toBe(415);
    }
    expect(
      await db().select().from(cpdEntries).where(eq(cpdEntries.userId, learner.user.id)),
    ).toEqual([]);
    expect(storedFiles(t)).toHaveLength(files);
  });

  it('evidence is required unless the scheme makes it optional', async () => {
    const other = await makeOrganisationWithStaff(db(), t.config);
    const learner = await signedInLearner(t, other.org.id);
    // No scheme yet: required, as under a scheme that keeps the default.
    const files = storedFiles(t).length;
    const bare = await add(learner, conference(), null);
    expect(bare.statusCode).toBe(400);
    expect(Object.keys(bare.json().errors)).toEqual(['evidence']);
    expect(
      await db().select().from(cpdEntries).where(eq(cpdEntries.userId, learner.user.id)),
    ).toEqual([]);
    expect(storedFiles(t)).toHaveLength(files);
    const scheme = {
      name: 'Annual',
      unit: 'hours',
      cycle_months: 12,
      start_month: 1,
      target: 20,
      evidence_required: false,
    };
    const saved = await http.put('/api/cpd/scheme/', other.admin.token, scheme);
    expect(saved.json().scheme.evidence_required).toBe(false);
    expect((await add(learner, conference(), null)).statusCode).toBe(201);
  });

  it('a form that is not multipart is a 400', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const res = await http.post(ENTRIES, learner.token, conference());
    expect(res.statusCode).toBe(400);
  });
});

describe('withdrawing (DELETE entries/{id}/)', () => {
  it('the learner withdraws a pending entry: it, its evidence and its request are gone', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const entry = (await add(learner, conference())).json() as TCpdEntry;
    const files = storedFiles(t).length;
    const other = await signedInLearner(t, acme.org.id);
    expect((await http.del(`${ENTRIES}${entry.id}/`, other.token)).statusCode).toBe(404);
    expect((await http.del(`${ENTRIES}${entry.id}/`, globex.admin.token)).statusCode).toBe(404);
    expect((await http.del(`${ENTRIES}${entry.id}/`, acme.admin.token)).statusCode).toBe(403);
    expect((await http.del(`${ENTRIES}${entry.id}/`, learner.token)).statusCode).toBe(204);
    expect(await db().select().from(cpdEntries).where(eq(cpdEntries.id, entry.id))).toEqual([]);
    expect(storedFiles(t)).toHaveLength(files - 1);
    expect((await requestOf(entry.id)).status).toBe('withdrawn');
    expect((await http.del(`${ENTRIES}${entry.id}/`, learner.token)).statusCode).toBe(404);
  });

  it('a credited entry cannot be withdrawn (409)', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const entry = await makeCpdEntry(db(), {
      userId: learner.user.id,
      organisationId: acme.org.id,
    });
    const res = await http.del(`${ENTRIES}${entry.id}/`, learner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Only external CPD still waiting for approval can be withdrawn.',
    );
  });
});

describe('evidence (GET entries/{id}/evidence/)', () => {
  it('the learner and the organisation’s admins download it; nobody else', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    const entry = (await add(learner, conference(), { name: 'badge.png', content: PNG })).json();
    const url = `${ENTRIES}${entry.id}/evidence/`;
    for (const who of [learner, acme.admin]) {
      const res = await http.get(url, who.token);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toContain('attachment; filename="badge.png"');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const who of [await signedInLearner(t, acme.org.id), acme.trainer, globex.admin]) {
      expect((await http.get(url, who.token)).statusCode).toBe(404);
    }
    const none = (await add(learner, conference(), null)).json();
    expect((await http.get(`${ENTRIES}${none.id}/evidence/`, learner.token)).statusCode).toBe(404);
  });
});
