import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, tokenFor } from '../../../test/auth.ts';
import { enrol, makeCourse, makeUser } from '../../../test/factories/index.ts';
import { call } from '../../../test/http.ts';
import { pdf } from './plagiarism.files.ts';

/*
 * A 50-page PDF goes through the job while the server keeps answering: extraction and
 * fingerprinting run in a worker thread, so requests made meanwhile are answered promptly. The
 * test measures the slowest answer during the job against the job's own duration.
 */

let t: TestApp;
let acme: Staff;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
}, 60_000);
afterAll(() => t?.close());

const TOPICS = ['rivers', 'glaciers', 'deserts', 'forests', 'coasts', 'volcanoes', 'plains'];
const line = (p: number, l: number) =>
  `Page ${p} line ${l}: the study of ${TOPICS[(p + l) % TOPICS.length]} number ${p * 40 + l} shows erosion pattern ${(p * 7 + l * 13) % 97}.`;

describe('a 50-page PDF', () => {
  it('is processed in a job without blocking requests', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      createdBy: acme.trainer.user.id,
    });
    const created = await call(t.app, 'POST', '/api/courses/assignment/', {
      token: acme.trainer.token,
      body: { course: course.id, title: 'Report', instructions: 'Write.', max_score: 10 },
    });
    const user = await makeUser(t.database.db, { organisationId: acme.org.id });
    await enrol(t.database.db, course.id, user.id);
    const token = await tokenFor(t.database.db, t.config, user, acme.org.id);
    const content = await pdf(50, line);
    const sent = await call(t.app, 'POST', `/api/courses/assignment/${created.json().id}/submit/`, {
      token,
      form: [{ name: 'file', filename: 'report.pdf', content }],
    });
    expect(sent.statusCode).toBe(201);

    // The event reaches the subscriber (default lane), which queues the check in the long lane;
    // the measurement covers the check job itself.
    while ((await t.app.ctx.jobs.runDue('default')) > 0) {}
    await call(t.app, 'GET', '/api/plagiarism/checks/', { token: acme.trainer.token });
    const started = Date.now();
    let done = false;
    const job = (async () => {
      while ((await t.app.ctx.jobs.runDue('long')) > 0) {}
    })().finally(() => {
      done = true;
    });
    const latencies: number[] = [];
    while (!done) {
      const at = Date.now();
      const res = await call(t.app, 'GET', '/api/plagiarism/checks/', {
        token: acme.trainer.token,
      });
      expect(res.statusCode).toBe(200);
      latencies.push(Date.now() - at);
      await new Promise((r) => setTimeout(r, 50));
    }
    await job;
    const jobMs = Date.now() - started;
    const worst = Math.max(...latencies);
    console.info(
      `50-page PDF: job ${jobMs} ms; ${latencies.length} requests meanwhile, slowest ${worst} ms`,
    );

    const [check] = (
      await call(t.app, 'GET', '/api/plagiarism/checks/', { token: acme.trainer.token })
    ).json().results;
    expect(check).toMatchObject({ status: 'done', score: 0 });
    const detail = (
      await call(t.app, 'GET', `/api/plagiarism/checks/${check.id}/`, { token: acme.trainer.token })
    ).json();
    expect(detail.text).toContain(line(49, 39));
    // Many requests were answered while the job ran, none of them held up by the parsing.
    expect(latencies.length).toBeGreaterThan(5);
    // Parsing on the event loop would hold a request for most of the job (seconds); what is left
    // is the job's own database writes on in-process PGlite and the shared CPU of the test host.
    expect(worst).toBeLessThan(1500);
    expect(jobMs).toBeGreaterThan(worst * 5);
  }, 240_000);
});
