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
});
