import { REPORT_DATA_SOURCES, type TBuilderSource } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeReportDataset, type ReportDataset } from '../../../test/factories/reports.ts';
import { api } from '../../../test/http.ts';
import { userReportSections } from '../../schema/reports.table.ts';

/*
 * The report builder on the dataset of test/factories/reports.ts (figures checked by hand):
 * acme's acme-member enrolments taking part are Alpha (L1 completed, L2 50 %, L3 0 %), Charlie
 * (L1, L2 completed) and Delta (L3 0 %); globex's LB in Alpha never counts for acme.
 */

let t: TestApp;
let d: ReportDataset;
const http = () => api(t);

beforeAll(async () => {
  t = await createTestApp();
  d = await makeReportDataset(t);
}, 240_000);
afterAll(() => t.close());

const byCourse = {
  source: 'course_progress',
  columns: ['course'],
  group_by: 'course',
  aggregates: [{ column: 'progress', fn: 'avg' }],
  sort: [{ column: 'course', direction: 'asc' }],
};

async function run(token: string, definition: object, page = 1, pageSize = 20) {
  const res = await http().post('/api/report/builder/run/', token, {
    definition,
    page,
    page_size: pageSize,
  });
  if (res.statusCode !== 200) throw new Error(`run: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('report builder: figures', () => {
  it('groups course progress by course with counts and averages', async () => {
    const out = await run(d.acme.admin.token, byCourse);
    expect(out.columns.map((c: { key: string }) => c.key)).toEqual([
      'course',
      'count',
      'avg_progress',
    ]);
    expect(out.results).toEqual([
      { course: 'Alpha', count: 3, avg_progress: 50 },
      { course: 'Charlie', count: 2, avg_progress: 100 },
      { course: 'Delta', count: 1, avg_progress: 0 },
    ]);
    expect(out).toMatchObject({ count: 3, count_capped: false });
  });

  it('filters, sorts and pages rows without overlap', async () => {
    const completed = await run(d.acme.admin.token, {
      ...byCourse,
      filters: [{ column: 'status', op: 'eq', value: 'completed' }],
      sort: [{ column: 'count', direction: 'desc' }],
    });
    expect(completed.results).toEqual([
      { course: 'Charlie', count: 2, avg_progress: 100 },
      { course: 'Alpha', count: 1, avg_progress: 100 },
    ]);
    const days = await run(d.acme.admin.token, {
      source: 'course_progress',
      columns: ['enrolled_at'],
      group_by: 'enrolled_at',
      filters: [{ column: 'course', op: 'eq', value: 'Charlie' }],
    });
    expect(days.results).toEqual([
      { enrolled_at: '2025-02-01', count: 1 },
      { enrolled_at: '2025-02-02', count: 1 },
    ]);
    const late = await run(d.acme.admin.token, {
      source: 'course_progress',
      columns: ['course', 'enrolled_at'],
      filters: [{ column: 'enrolled_at', op: 'gte', value: '2025-03-01' }],
      sort: [{ column: 'enrolled_at', direction: 'asc' }],
    });
    expect(late.results).toEqual([
      { course: 'Alpha', enrolled_at: '2025-03-05' },
      { course: 'Delta', enrolled_at: '2025-04-01' },
    ]);
    const rows = { source: 'course_progress', columns: ['learner', 'course', 'progress'] };
    const all = await run(d.acme.admin.token, rows, 1, 100);
    expect(all.count).toBe(6);
    const pages = [
      ...(await run(d.acme.admin.token, rows, 1, 4)).results,
      ...(await run(d.acme.admin.token, rows, 2, 4)).results,
    ];
    expect(pages).toEqual(all.results);
    const inDept = await run(d.acme.admin.token, { ...rows, department: d.ids.D2 });
    expect(inDept.results.map((r: { course: string }) => r.course).sort()).toEqual([
      'Alpha',
      'Delta',
    ]);
  });

  it('runs every source with all its columns, and grouped by each groupable column', async () => {
    const res = await http().get('/api/report/builder/sources/', d.acme.admin.token);
    expect(res.statusCode).toBe(200);
    const sources: TBuilderSource[] = res.json().results;
    expect(sources.map((s) => s.key).sort()).toEqual([...REPORT_DATA_SOURCES].sort());
    for (const s of sources) {
      const columns = s.columns.map((c) => c.key);
      await run(d.acme.admin.token, { source: s.key, columns, from: '2025-01-01' });
      const number = s.columns.find((c) => c.aggregatable);
      for (const g of s.columns.filter((c) => c.groupable)) {
        await run(d.acme.admin.token, {
          source: s.key,
          columns: [g.key],
          group_by: g.key,
          aggregates: number ? [{ column: number.key, fn: 'sum' }] : [],
        });
      }
    }
    // The superadmin's "all" too.
    for (const s of sources) {
      await run(d.acme.superadmin.token, { source: s.key, columns: [s.columns[0]?.key] });
    }
  });
});

describe('report builder: scope and checks', () => {
  it('a trainer sees their own learners only, never another trainer’s', async () => {
    const t1 = await run(d.acme.trainer.token, byCourse);
    expect(t1.results).toEqual([{ course: 'Alpha', count: 3, avg_progress: 50 }]);
    const t2 = await run(d.t2.token, { source: 'users', columns: ['user_id'] });
    expect(t2.results.map((r: { user_id: number }) => r.user_id).sort()).toEqual(
      [d.ids.L1, d.ids.L2].sort(),
    );
    // Only a superadmin's `organisation` counts: anyone else's run stays in their own scope.
    const other = await http().post('/api/report/builder/run/', d.acme.trainer.token, {
      definition: { ...byCourse, organisation: d.globex.org.id },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().results).toHaveLength(1);
  });

  it('answers a bad column, filter or grouping with a 400 naming the field', async () => {
    const bad = async (definition: object, field: string) => {
      const res = await http().post('/api/report/builder/run/', d.acme.admin.token, {
        definition,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    };
    const base = { source: 'course_progress', columns: ['course'] };
    await bad({ ...base, columns: ['course', 'learner', 'nope'] }, 'columns.2');
    await bad(
      { ...base, filters: [{ column: 'progress', op: 'contains', value: 'x' }] },
      'filters.0.op',
    );
    await bad(
      { ...base, filters: [{ column: 'progress', op: 'gt', value: 'abc' }] },
      'filters.0.value',
    );
    await bad(
      { ...base, filters: [{ column: 'enrolled_at', op: 'gt', value: '2025-13-45' }] },
      'filters.0.value',
    );
    await bad({ ...base, filters: [{ column: 'zzz', op: 'eq', value: 1 }] }, 'filters.0.column');
    await bad({ ...base, group_by: 'progress' }, 'group_by');
    await bad({ ...base, aggregates: [{ column: 'progress', fn: 'sum' }] }, 'group_by');
    await bad({ ...byCourse, sort: [{ column: 'learner', direction: 'asc' }] }, 'sort.0.column');
    await bad(
      { ...byCourse, aggregates: [{ column: 'course', fn: 'sum' }] },
      'aggregates.0.column',
    );
    // A quote in a value is only a value.
    const quoted = await run(d.acme.admin.token, {
      ...base,
      filters: [{ column: 'course', op: 'contains', value: "a'; drop table users; --" }],
    });
    expect(quoted.count).toBe(0);
  });

  it('refuses a learner and a source of a section switched off', async () => {
    const learner = await http().post('/api/report/builder/run/', d.acme.learner.token, {
      definition: byCourse,
    });
    expect(learner.statusCode).toBe(403);
    await t.database.db
      .insert(userReportSections)
      .values({ userId: d.t2.user.id, disabled: ['courses'] });
    const off = await http().post('/api/report/builder/run/', d.t2.token, { definition: byCourse });
    expect(off.statusCode).toBe(403);
    const sources = (await http().get('/api/report/builder/sources/', d.t2.token)).json();
    const keys = sources.results.map((s: { key: string }) => s.key);
    expect(keys).not.toContain('course_progress');
    expect(keys).not.toContain('classroom_attendance');
    expect(keys).toContain('users');
    const save = await http().post('/api/report/saved/', d.t2.token, {
      name: 'Off',
      definition: byCourse,
    });
    expect(save.statusCode).toBe(403);
  });
});
