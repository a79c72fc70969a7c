import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeCourse,
  makeLearner,
  makeOrganisation,
  makeSuperadmin,
  makeTrainer,
} from '../../../test/factories/index.ts';
import { authFor, createServiceContext, type ServiceTest } from '../../../test/service-context.ts';
import { listCourses } from './catalogue.repository.ts';
import { courseFor } from './course-access.ts';

/*
 * Who sees which course, at the service tier. A list filters in SQL (visibleTo) and a single
 * course is checked on its row (canSee): the two must give the same answer for every caller,
 * or a course would be listed and then not found, or found by id but never listed.
 */
let s: ServiceTest;
beforeAll(async () => {
  s = await createServiceContext();
});
afterAll(() => s.close());

describe('course visibility', () => {
  it('lists exactly the courses each caller may open, and no other', async () => {
    const db = s.ctx.db;
    const acme = await makeOrganisation(db);
    const globex = await makeOrganisation(db);
    const author = await makeTrainer(db, { organisationId: acme.id });
    const colleague = await makeTrainer(db, { organisationId: acme.id });
    const tag = `vis${Date.now().toString(36)}`;
    const course = (
      name: string,
      organisationId: number,
      createdBy: number | null,
      status: 'draft' | 'pending' | 'published',
      visibility: 'organisation' | 'catalogue' = 'organisation',
    ) => makeCourse(db, { title: `${tag} ${name}`, organisationId, createdBy, status, visibility });
    const courses = [
      await course('own draft', acme.id, author.id, 'draft'),
      await course('colleague draft', acme.id, colleague.id, 'draft'),
      await course('colleague pending', acme.id, colleague.id, 'pending'),
      await course('published', acme.id, colleague.id, 'published'),
      await course('globex shared', globex.id, null, 'published', 'catalogue'),
      await course('globex internal', globex.id, null, 'published'),
      await course('globex shared draft', globex.id, null, 'draft', 'catalogue'),
      await course('globex shared pending', globex.id, null, 'pending', 'catalogue'),
    ];
    const callers = {
      superadmin: await makeSuperadmin(db, { organisationId: acme.id }),
      admin: await makeAdmin(db, { organisationId: acme.id }),
      author,
      learner: await makeLearner(db, { organisationId: acme.id }),
      'globex learner': await makeLearner(db, { organisationId: globex.id }),
    };
    const expected: Record<keyof typeof callers, string[]> = {
      superadmin: courses.map((c) => c.title.slice(tag.length + 1)),
      admin: ['own draft', 'colleague draft', 'colleague pending', 'published', 'globex shared'],
      author: ['own draft', 'colleague pending', 'published', 'globex shared'],
      learner: ['published', 'globex shared'],
      'globex learner': ['globex shared', 'globex internal'],
    };

    for (const [who, user] of Object.entries(callers) as [keyof typeof callers, { id: number }][]) {
      const auth = await authFor(s.ctx, user);
      const listed = await listCourses(db, auth, { search: tag }, 'title', {
        limit: 50,
        offset: 0,
      });
      const opened: string[] = [];
      for (const c of courses) {
        const found = await courseFor(db, auth, c.id).then(
          () => true,
          (err: { statusCode?: number }) => {
            expect(err.statusCode, `${who}: ${c.title}`).toBe(404);
            return false;
          },
        );
        if (found) opened.push(c.title);
      }
      const names = (titles: string[]) => titles.map((t) => t.slice(tag.length + 1)).sort();
      expect(names(listed.rows.map((r) => r.title)), who).toEqual([...expected[who]].sort());
      expect(names(opened), who).toEqual([...expected[who]].sort());
      expect(listed.count, who).toBe(expected[who].length);
    }
  });
});
