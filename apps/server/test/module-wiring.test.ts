import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/app.ts';
import type { DomainEvents } from '../src/core/events/event-bus.ts';
import { type AppModule, defineSubscriber, type EventMeta } from '../src/core/module.ts';
import { createTestApp, type TestApp } from './app.ts';
import { makeOrganisationWithStaff, type Staff } from './auth.ts';
import { makeCourse } from './factories/index.ts';
import { api } from './http.ts';

/*
 * The module list is the only wiring (issue 12): a subscriber declared on a module object reacts
 * to an event a real use case emitted, through the outbox and the job queue, once, with the
 * event's id; a content processor kind claimed twice stops the build.
 */
type Seen = { payload: DomainEvents['course.published']; meta: EventMeta };
const seen: Seen[] = [];
const probe: AppModule = {
  name: 'probe',
  subscribers: [
    defineSubscriber({
      event: 'course.published',
      name: 'record',
      handle: async (_ctx, payload, meta) => {
        seen.push({ payload, meta });
      },
    }),
  ],
};

let t: TestApp;
let acme: Staff;

beforeAll(async () => {
  t = await createTestApp({ build: { modules: [...MODULES, probe] } });
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
});
afterAll(() => t.close());

describe('module wiring', () => {
  it('runs a module subscriber once per event, after the use case committed', async () => {
    const course = await makeCourse(t.database.db, {
      status: 'draft',
      organisationId: acme.org.id,
      createdBy: acme.admin.user.id,
    });
    const res = await api(t).patch(`/api/courses/published/${course.id}/`, acme.admin.token, {
      status: 'published',
    });
    expect(res.statusCode).toBe(200);
    // Nothing runs inside the request: the reaction is a job.
    expect(seen).toEqual([]);

    await t.app.ctx.jobs.drain();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.payload).toEqual({
      courseId: course.id,
      organisationId: acme.org.id,
      publishedBy: acme.admin.user.id,
    });
    expect(seen[0]!.meta.eventId).toEqual(expect.any(Number));

    // Draining again (a retry, another node) does not run it twice.
    await t.app.ctx.jobs.drain();
    expect(seen).toHaveLength(1);
  });

  it('refuses two modules that process the same file kind', async () => {
    const twin: AppModule = { name: 'twin', contentProcessors: { scorm: {} } };
    await expect(createTestApp({ build: { modules: [...MODULES, twin] } })).rejects.toThrow(
      /Two modules process scorm files/,
    );
  });
});
