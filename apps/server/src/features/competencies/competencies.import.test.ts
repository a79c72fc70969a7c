import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { parseCsv } from './competencies.import.ts';

/*
 * Imports: CSV into a framework (every row checked first, errors per row in the §8 shape, all or
 * none) and CASE 1.0 packages as new frameworks.
 */

let t: TestApp;
let acme: Staff;
const http = () => api(t);
const FW = '/api/competency_framework/';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

let n = 0;
async function framework() {
  n += 1;
  const res = await http().post(FW, acme.admin.token, { name: `Import ${n}` });
  return res.json().id as number;
}
const codesOf = async (id: number) =>
  (await http().get(`${FW}${id}/`, acme.admin.token))
    .json()
    .competencies.map((c: { code: string; parent_id: number | null }) => c.code);

describe('CSV', () => {
  it('imports a tree whose children come before their parents in the file', async () => {
    const id = await framework();
    const csv = [
      'code,name,description,parent_code',
      'COM.1,Listening,"Hears, then answers",COM',
      'COM,Communication,,',
      'COM.1.1,Active listening,,COM.1',
    ].join('\n');
    const res = await http().post(`${FW}${id}/import_csv/`, acme.admin.token, { csv });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ framework_id: id, created: 3 });
    expect(await codesOf(id)).toEqual(['COM', 'COM.1', 'COM.1.1']);
    // A second file may hang rows under what the framework already holds.
    const more = await http().post(`${FW}${id}/import_csv/`, acme.admin.token, {
      csv: 'code,name,parent_code\nCOM.2,Writing,com',
    });
    expect(more.statusCode).toBe(201);
    expect(await codesOf(id)).toContain('COM.2');
  });

  it('reports every bad row and imports nothing', async () => {
    const id = await framework();
    const csv = [
      'code,name,description,parent_code',
      'OK,Fine,,',
      ',No code,,',
      'DUP,First,,',
      'dup,Second,,',
      'ORPHAN,Orphan,,MISSING',
      'X,<b>bold</b>,,',
      'C1,Cycle one,,C2',
      'C2,Cycle two,,C1',
    ].join('\n');
    const res = await http().post(`${FW}${id}/import_csv/`, acme.admin.token, { csv });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('6 of 8 rows have errors. Nothing was imported.');
    expect(Object.keys(body.errors).sort()).toEqual(
      ['row 3', 'row 5', 'row 6', 'row 7', 'row 8', 'row 9'].sort(),
    );
    expect(body.errors['row 5'][0]).toMatch(/also on row 4/);
    expect(body.errors['row 6'][0]).toMatch(/MISSING/);
    expect(body.errors['row 8'][0]).toMatch(/cycle/);
    expect(await codesOf(id)).toEqual([]);
  });

  it('refuses a code the framework already has, a header without code and name, and learners', async () => {
    const id = await framework();
    await http().post(`${FW}${id}/import_csv/`, acme.admin.token, { csv: 'code,name\nA,Alpha' });
    const again = await http().post(`${FW}${id}/import_csv/`, acme.admin.token, {
      csv: 'code,name\nB,Beta\nA,Alpha again',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors['row 3'][0]).toMatch(/already in the framework/);
    expect(await codesOf(id)).toEqual(['A']);
    const header = await http().post(`${FW}${id}/import_csv/`, acme.admin.token, {
      csv: 'title,text\nA,B',
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().errors.csv).toBeDefined();
    const learner = await http().post(`${FW}${id}/import_csv/`, acme.learner.token, {
      csv: 'code,name\nL,Learner',
    });
    expect(learner.statusCode).toBe(403);
  });

  it('parses quoted cells, a BOM and blank lines', () => {
    const rows = parseCsv('\uFEFFcode,name,description\n\n"Q,1","Quoted ""name""",\n');
    expect(rows).toEqual([
      { label: 'row 2', code: 'Q,1', name: 'Quoted "name"', description: '', parentCode: null },
    ]);
  });
});

const casePackage = (title: string, extra: object[] = []) => ({
  CFDocument: { identifier: 'doc-1', title, description: 'From CASE' },
  CFItems: [
    { identifier: 'i-1', humanCodingScheme: 'DIG', fullStatement: 'Digital skills' },
    {
      identifier: 'i-2',
      humanCodingScheme: 'DIG.1',
      fullStatement: 'Uses spreadsheets to analyse data',
      abbreviatedStatement: 'Spreadsheets',
    },
    { identifier: 'i-3', fullStatement: 'Protects personal data' },
    ...extra,
  ],
  CFAssociations: [
    {
      associationType: 'isChildOf',
      originNodeURI: { identifier: 'i-2' },
      destinationNodeURI: { identifier: 'i-1' },
    },
    {
      associationType: 'isChildOf',
      originNodeURI: { identifier: 'i-3' },
      destinationNodeURI: { identifier: 'i-1' },
    },
    {
      associationType: 'isChildOf',
      originNodeURI: { identifier: 'i-1' },
      destinationNodeURI: { identifier: 'doc-1' },
    },
    {
      associationType: 'isRelatedTo',
      originNodeURI: { identifier: 'i-3' },
      destinationNodeURI: { identifier: 'i-2' },
    },
  ],
});

describe('CASE 1.0', () => {
  it('creates a framework from CFDocument, CFItems and isChildOf', async () => {
    const res = await http().post(`${FW}import_case/`, acme.admin.token, {
      document: casePackage('Digital competence'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().created).toBe(3);
    const detail = (await http().get(`${FW}${res.json().framework_id}/`, acme.admin.token)).json();
    expect(detail).toMatchObject({ name: 'Digital competence', source: 'case' });
    const byCode = Object.fromEntries(
      detail.competencies.map((c: { code: string }) => [c.code, c]),
    );
    expect(byCode['DIG.1']).toMatchObject({
      name: 'Spreadsheets',
      description: 'Uses spreadsheets to analyse data',
      parent_id: byCode.DIG.id,
    });
    // No human coding scheme: the identifier is the code.
    expect(byCode['i-3'].parent_id).toBe(byCode.DIG.id);
  });

  it('refuses a package with a bad item and writes nothing, not even the framework', async () => {
    const bad = casePackage('Broken', [
      { identifier: 'i-4', humanCodingScheme: 'DIG', fullStatement: 'Duplicate code' },
    ]);
    const res = await http().post(`${FW}import_case/`, acme.admin.token, { document: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['CFItems[3]'][0]).toMatch(/also on CFItems\[0\]/);
    const list = (await http().get(`${FW}?page_size=100`, acme.admin.token)).json();
    expect(list.results.some((f: { name: string }) => f.name === 'Broken')).toBe(false);
    const shape = await http().post(`${FW}import_case/`, acme.admin.token, {
      document: { CFDocument: { title: 'No items' } },
    });
    expect(shape.statusCode).toBe(400);
    expect(Object.keys(shape.json().errors).length).toBeGreaterThan(0);
  });
});
