import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { courses } from '../../schema/courses.table.ts';
import { users } from '../../schema/users.table.ts';
import { readSpreadsheet } from './spreadsheet-read.ts';
import {
  deflateRepeated,
  inlineRow,
  measured,
  SHEET_END,
  SHEET_START,
  stored,
  xlsxZip,
} from './zip-bomb.fixtures.ts';

let t: TestApp;
let acme: Staff;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  a = api(t);
});
afterAll(() => t.close());

const ENDPOINTS = {
  users: '/api/v1/accounts/user-bulk-upload/',
  courses: '/api/courses/course_import_by_file_upload/',
} as const;

const counts = async () => ({
  users: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n,
  courses: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(courses))[0]!.n,
});

const MB = 1024 * 1024;
/** Limits as budgets: a bomb is refused in well under a second with memory flat. */
const MAX_MS = 1000;
const MAX_GROWTH_MB = 100;

/**
 * Uploads `content` and expects the refusal, within the time and memory
 * budget, with nothing written. Returns the measurements for the report.
 */
async function refused(
  endpoint: keyof typeof ENDPOINTS,
  filename: string,
  content: Buffer,
  status: number,
  message: string | RegExp,
  maxMs = MAX_MS,
) {
  const before = await counts();
  const m = await measured(() =>
    a.form('POST', ENDPOINTS[endpoint], acme.admin.token, [{ name: 'file', filename, content }]),
  );
  const res = m.result;
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(Object.keys(body).every((k) => ['message', 'errors'].includes(k))).toBe(true);
  expect(m.ms).toBeLessThan(maxMs);
  expect(m.rssMb).toBeLessThan(MAX_GROWTH_MB);
  expect(m.heapMb).toBeLessThan(MAX_GROWTH_MB);
  expect(await counts()).toEqual(before);
  console.info(
    `${endpoint} ${filename} (${Math.round(content.length / 1024)} KB): ${res.statusCode} in ${m.ms} ms, rss +${m.rssMb} MB, heap +${m.heapMb} MB`,
  );
  return m;
}

const USER_HEADER = inlineRow(1, ['username', 'email', 'role']);
const USER_ROW = inlineRow(2, ['bomb', 'bomb@acme.test', 'learner']);
const COURSE_HEADER = inlineRow(1, ['course_title', 'module_title']);
const COURSE_ROW = inlineRow(2, ['Bomb course', 'Bomb module']);

/**
 * A sheet of `header` and `row`, then about `mb` MB of the whitespace XML
 * allows between rows, as one deflated part: the classic ~1000:1 bomb.
 */
function paddedBomb(header: string, row: string, mb: number) {
  return deflateRepeated([
    { chunk: SHEET_START + header + row },
    { chunk: ' '.repeat(MB), times: mb },
    { chunk: SHEET_END },
  ]);
}

describe('spreadsheet bombs', () => {
  it('refuses a 400 KB XLSX that unpacks to 400 MB from its directory, before inflating', async () => {
    for (const [endpoint, header, row] of [
      ['users', USER_HEADER, USER_ROW],
      ['courses', COURSE_HEADER, COURSE_ROW],
    ] as const) {
      const sheet = paddedBomb(header, row, 400);
      expect(sheet.size).toBeGreaterThan(400 * MB);
      const bomb = xlsxZip({ content: sheet });
      expect(bomb.length).toBeLessThan(500 * 1024);
      await refused(
        endpoint,
        'bomb.xlsx',
        bomb,
        413,
        'The spreadsheet is too large once unpacked (limit 50 MB).',
      );
    }
  });

  it('refuses a compression ratio past 100:1 even under the size limit', async () => {
    // 20 MB of shared strings in about 20 KB, beside an ordinary sheet.
    const shared = deflateRepeated([
      { chunk: `<?xml version="1.0"?><sst xmlns="x">` },
      { chunk: '<si><t>x</t></si>'.repeat(61_680), times: 20 },
      { chunk: '</sst>' },
    ]);
    const sheet = deflateRepeated([
      { chunk: SHEET_START + USER_HEADER + inlineRow(2, ['ratio', 'ratio@acme.test', 'learner']) },
      { chunk: SHEET_END },
    ]);
    await refused(
      'users',
      'ratio.xlsx',
      xlsxZip({ content: sheet }, { sharedStrings: { content: shared } }),
      413,
      /^The spreadsheet is compressed suspiciously well \(“xl\/sharedStrings\.xml” unpacks at \d+:1, more than 100:1\) and is refused as a possible zip bomb\.$/,
    );
  });

  it('counts the inflated bytes: a sheet whose headers declare 1 MB but inflates to 400 MB stops at once', async () => {
    const sheet = paddedBomb(USER_HEADER, USER_ROW, 400);
    await refused(
      'users',
      'liar.xlsx',
      xlsxZip({ content: sheet, declaredSize: MB }),
      400,
      'The XLSX file is damaged: a part does not match the size it declares.',
    );
  });

  it('refuses an XLSX with more parts than a workbook has', async () => {
    const sheet = deflateRepeated([{ chunk: SHEET_START + USER_HEADER + USER_ROW + SHEET_END }]);
    const extra = Array.from({ length: 1000 }, (_, i) => ({
      name: `xl/media/image${i}.bin`,
      content: stored('x'),
      stored: true,
    }));
    await refused(
      'users',
      'parts.xlsx',
      xlsxZip({ content: sheet }, { extra }),
      413,
      'The spreadsheet has more than 1000 parts; it is not an ordinary XLSX file.',
    );
  });

  it('stops reading at the first row past the import limit (XLSX and CSV)', async () => {
    // 100,000 distinct rows: an ordinary ratio and size, ten times the course import limit.
    const rows = Array.from({ length: 100_000 }, (_, i) =>
      inlineRow(i + 2, [`Course ${i}`, `Module ${i}`]),
    ).join('');
    const sheet = deflateRepeated([{ chunk: SHEET_START + COURSE_HEADER + rows + SHEET_END }]);
    const message = 'The file has more than 10000 rows; import at most 10000 at a time.';
    // The 10,000 rows before the limit are real work, so the bound is looser than for bombs.
    await refused('courses', 'many.xlsx', xlsxZip({ content: sheet }), 400, message, 2000);

    const csv = Buffer.from(
      `course_title,module_title\n${Array.from({ length: 1_000_000 }, (_, i) => `C${i},M${i}\n`).join('')}`,
    );
    expect(csv.length).toBeLessThan(20 * MB);
    await refused('courses', 'many.csv', csv, 400, message, 2000);
    // The user import's own limit is 50,000: those rows are real work (about 0.3 s of CPU), so
    // the bound is looser; what matters is that the 10,000 rows past them are never read.
    const people = Buffer.from(
      `username,email,role\n${Array.from({ length: 60_000 }, (_, i) => `u${i},u${i}@acme.test,learner\n`).join('')}`,
    );
    await refused(
      'users',
      'many.csv',
      people,
      400,
      'The file has more than 50000 rows; import at most 50000 at a time.',
      3000,
    );
  });

  it('refuses a CSV row past 1 MB and values past column 256', async () => {
    const long = Buffer.from(`course_title,module_title\n"${'x'.repeat(2 * MB)}",M\n`);
    await refused('courses', 'long.csv', long, 400, 'A row of the CSV file is longer than 1 MB.');
    const wide = Buffer.from(`course_title,module_title\nC,M${','.repeat(300)}x\n`);
    await refused('courses', 'wide.csv', wide, 400, 'Row 2 has values past column 256.');
  });
});

describe('readSpreadsheet', () => {
  const limits = {
    maxUnpackedBytes: 50 * MB,
    maxEntries: 1000,
    maxRatio: 100,
    ratioFloorBytes: MB,
    maxRows: 10,
  };

  it('reads what Excel writes: shared strings, numbers, booleans, rich text, formulas, gaps', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('First');
    wb.addWorksheet('Second').addRow(['not', 'this']);
    ws.getRow(2).values = ['username', 'email', 'role'];
    ws.getRow(3).values = ['ada', 'ada@acme.test', 'learner'];
    ws.getRow(5).values = [
      { richText: [{ text: 'gr' }, { font: { bold: true }, text: 'ace' }] },
      'grace@acme.test & co <x>',
      true,
    ];
    ws.getRow(6).values = [42, 1.5, { formula: 'A6*2', result: 84 }];
    ws.getCell('E7').value = 'far';
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await readSpreadsheet(content, 'xlsx', limits)).toEqual({
      header: ['username', 'email', 'role'],
      rows: [
        { line: 3, cells: ['ada', 'ada@acme.test', 'learner'] },
        { line: 5, cells: ['grace', 'grace@acme.test & co <x>', 'true'] },
        { line: 6, cells: ['42', '1.5', '84'] },
        { line: 7, cells: ['', '', '', '', 'far'] },
      ],
    });
  });

  it('reads CSV with a BOM, quoted line breaks and blank lines, lines counted by record', async () => {
    const csv = '\uFEFFa,b\n\n"x\ny",2\n,\nz,3\n';
    expect(await readSpreadsheet(Buffer.from(csv), 'csv', limits)).toEqual({
      header: ['a', 'b'],
      rows: [
        { line: 3, cells: ['x\ny', '2'] },
        { line: 5, cells: ['z', '3'] },
      ],
    });
  });

  it('refuses DTDs (no entity expansion) and empty files', async () => {
    const dtd = deflateRepeated([
      {
        chunk: `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]>${SHEET_START.replace(/^<\?xml[^>]*>/, '')}${USER_HEADER}${SHEET_END}`,
      },
    ]);
    await expect(readSpreadsheet(xlsxZip({ content: dtd }), 'xlsx', limits)).rejects.toMatchObject({
      statusCode: 400,
      message: 'The XLSX file could not be read.',
    });
    await expect(readSpreadsheet(Buffer.from('\n\n'), 'csv', limits)).rejects.toMatchObject({
      statusCode: 400,
      message: 'The file is empty.',
    });
  });
});
