import type { TCpdCategory } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { makeCpdCategory, makeCpdEntry } from '../../../test/factories/index.ts';
import { api } from '../../../test/http.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { cpdCategories, cpdEntries, cpdSchemes } from '../../schema/cpd.table.ts';

/*
 * The organisation's scheme and categories: everyone with /cpd reads them, admins change them;
 * another organisation's category is a 404; bad input is a 400 naming the field, nothing stored.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const db = () => t.database.db;
const SCHEME = '/api/cpd/scheme/';
const CATEGORIES = '/api/cpd/categories/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(db(), t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(db(), t.config);
  http = api(t);
});
afterAll(() => t.close());

const yearlyFromApril = {
  name: 'Professional standard',
  unit: 'hours',
  cycle_months: 12,
  start_month: 4,
  target: 35,
  carry_over_max: 5,
};

describe('the scheme', () => {
  it('is null until an admin sets it; then everyone of the organisation reads it', async () => {
    expect((await http.get(SCHEME, globex.learner.token)).json()).toEqual({ scheme: null });
    const res = await http.put(SCHEME, acme.admin.token, yearlyFromApril);
    expect(res.statusCode, res.body).toBe(200);
    const scheme = res.json().scheme;
    expect(scheme).toMatchObject({ ...yearlyFromApril, id: expect.any(Number) });
    expect((await http.get(SCHEME, acme.learner.token)).json()).toEqual({ scheme });
    // Another organisation sees its own (none).
    expect((await http.get(SCHEME, globex.admin.token)).json()).toEqual({ scheme: null });
  });

  it('a second PUT changes the one scheme in force, and the audit trail says how', async () => {
    await http.put(SCHEME, acme.admin.token, yearlyFromApril);
    const res = await http.put(SCHEME, acme.admin.token, { ...yearlyFromApril, target: 40 });
    expect(res.json().scheme.target).toBe(40);
    const rows = await db()
      .select()
      .from(cpdSchemes)
      .where(eq(cpdSchemes.organisationId, acme.org.id));
    expect(rows).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'cpd.scheme_changed'));
    expect(audits.at(-1)?.details).toMatchObject({ before: { target: 35 }, after: { target: 40 } });
  });

  it('learners and trainers may not set it (403)', async () => {
    for (const who of [acme.learner, acme.trainer]) {
      expect((await http.put(SCHEME, who.token, yearlyFromApril)).statusCode).toBe(403);
    }
  });

  it.each([
    ['cycle_months', 0],
    ['cycle_months', 61],
    ['start_month', 13],
    ['target', 0],
    ['target', -5],
    ['carry_over_max', -1],
    ['unit', 'minutes'],
  ])('%s = %s is a 400 naming the field, nothing stored', async (field, value) => {
    const before = await db()
      .select()
      .from(cpdSchemes)
      .where(eq(cpdSchemes.organisationId, globex.org.id));
    const res = await http.put(SCHEME, globex.admin.token, { ...yearlyFromApril, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect(
      await db().select().from(cpdSchemes).where(eq(cpdSchemes.organisationId, globex.org.id)),
    ).toEqual(before);
  });
});

describe('categories', () => {
  it('an admin adds, renames and lists them; names are unique in the organisation (409)', async () => {
    const res = await http.post(CATEGORIES, acme.admin.token, { name: 'Formal', minimum: 10 });
    expect(res.statusCode, res.body).toBe(201);
    const formal = res.json() as TCpdCategory;
    expect(formal).toMatchObject({ name: 'Formal', minimum: 10, entries: 0 });
    const dup = await http.post(CATEGORIES, acme.admin.token, { name: 'formal' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: 'A CPD category with this name already exists.',
      errors: { name: ['A CPD category with this name already exists.'] },
    });
    // Another organisation may use the same name.
    expect((await http.post(CATEGORIES, globex.admin.token, { name: 'Formal' })).statusCode).toBe(
      201,
    );
    const informal = (await http.post(CATEGORIES, acme.admin.token, { name: 'Informal' })).json();
    expect(
      (await http.patch(`${CATEGORIES}${informal.id}/`, acme.admin.token, { name: 'FORMAL' }))
        .statusCode,
    ).toBe(409);
    const renamed = await http.patch(`${CATEGORIES}${informal.id}/`, acme.admin.token, {
      name: 'Reflective',
      minimum: 2.5,
    });
    expect(renamed.json()).toMatchObject({ name: 'Reflective', minimum: 2.5 });
    const list = (await http.get(CATEGORIES, acme.learner.token)).json() as TCpdCategory[];
    expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(['Formal', 'Reflective']));
    expect(list.every((c) => c.name !== 'formal')).toBe(true);
  });

  it('learners and trainers may not change them (403); another organisation’s is 404', async () => {
    const c = await makeCpdCategory(db(), acme.org.id);
    for (const who of [acme.learner, acme.trainer]) {
      expect((await http.post(CATEGORIES, who.token, { name: 'Mine' })).statusCode).toBe(403);
      expect((await http.patch(`${CATEGORIES}${c.id}/`, who.token, { name: 'x' })).statusCode).toBe(
        403,
      );
      expect((await http.del(`${CATEGORIES}${c.id}/`, who.token)).statusCode).toBe(403);
    }
    expect(
      (await http.patch(`${CATEGORIES}${c.id}/`, globex.admin.token, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await http.del(`${CATEGORIES}${c.id}/`, globex.admin.token)).statusCode).toBe(404);
    expect((await http.del(`${CATEGORIES}999999999/`, acme.admin.token)).statusCode).toBe(404);
    const [still] = await db().select().from(cpdCategories).where(eq(cpdCategories.id, c.id));
    expect(still?.name).toBe(c.name);
  });

  it('bad input is a 400 naming the field', async () => {
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'Neg', minimum: -1 }, 'minimum'],
      [{ name: '<b>x</b>' }, 'name'],
    ] as const) {
      const res = await http.post(CATEGORIES, acme.admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const unknown = await http.post(CATEGORIES, acme.admin.token, { name: 'x', colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().non_field_errors).toEqual(['Unrecognized key: "colour"']);
  });

  it('deleting one in use leaves its entries in the ledger, uncategorised', async () => {
    const c = await makeCpdCategory(db(), acme.org.id);
    const entry = await makeCpdEntry(db(), {
      userId: acme.learner.user.id,
      organisationId: acme.org.id,
      categoryId: c.id,
    });
    const list = (await http.get(CATEGORIES, acme.admin.token)).json() as TCpdCategory[];
    expect(list.find((x) => x.id === c.id)?.entries).toBe(1);
    expect((await http.del(`${CATEGORIES}${c.id}/`, acme.admin.token)).statusCode).toBe(204);
    const [row] = await db().select().from(cpdEntries).where(eq(cpdEntries.id, entry.id));
    expect(row).toMatchObject({ status: 'credited', categoryId: null });
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'cpd.category_deleted'));
    expect(audits.at(-1)?.details).toMatchObject({ category: c.id, entries_uncategorised: 1 });
  });
});
