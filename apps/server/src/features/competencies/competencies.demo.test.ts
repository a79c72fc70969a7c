import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { login } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { DEMO_PASSWORD, seedDemo } from '../demo/index.ts';

/* The demo's framework: Fire Safety Essentials linked to "Fire response", the learner rated. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
});
afterAll(() => t.close());

describe('demo competencies', () => {
  it('the demo learner’s profile shows Fire response at Practitioner, as expected', async () => {
    const signIn = await login(t.app, { username: 'learner', password: DEMO_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().auth_token as string;
    const res = await api(t).get('/api/competency/profile/', token);
    expect(res.statusCode).toBe(200);
    const fire = res
      .json()
      .results.find((r: { competency: { code: string } }) => r.competency.code === 'WS.1');
    expect(fire).toMatchObject({ proficiency: 2, expected: 2, framework_name: 'Workplace Safety' });
    expect(fire.evidence[0]).toMatchObject({ source: 'course', outcome: 'complete' });
  });

  it('the admin’s gaps: Operations is short on Manual handling only, L&D on both', async () => {
    const signIn = await login(t.app, { username: 'admin', password: DEMO_PASSWORD });
    const token = signIn.json().auth_token as string;
    const frameworks = await api(t).get('/api/competency_framework/', token);
    const framework = frameworks
      .json()
      .results.find((f: { name: string }) => f.name === 'Workplace Safety');
    const res = await api(t).get(`/api/competency/gaps/?framework_id=${framework.id}`, token);
    expect(res.statusCode).toBe(200);
    const gaps = res.json() as {
      departments: { id: number; name: string }[];
      competencies: { id: number; code: string }[];
      cells: { department_id: number; competency_id: number; people: number; below: number }[];
    };
    const dept = (name: string) => gaps.departments.find((d) => d.name === name)!.id;
    const comp = (code: string) => gaps.competencies.find((c) => c.code === code)!.id;
    const cell = (d: string, c: string) =>
      gaps.cells.find((x) => x.department_id === dept(d) && x.competency_id === comp(c));
    expect(gaps.competencies.map((c) => c.code)).toEqual(['WS.1', 'WS.2']);
    expect(cell('Operations', 'WS.1')).toMatchObject({ people: 1, below: 0 });
    expect(cell('Operations', 'WS.2')).toMatchObject({ people: 1, below: 1 });
    expect(cell('Learning & Development', 'WS.1')).toMatchObject({ people: 2, below: 2 });
  });
});
