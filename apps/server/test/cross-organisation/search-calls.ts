import { eq } from 'drizzle-orm';
import { reindexAll } from '../../src/features/search/index.ts';
import { courses } from '../../src/schema/courses.table.ts';
import type { TestApp } from '../app.ts';
import type { IdCall } from './calls.ts';

/**
 * Global search (issue 23) in the cross-organisation test: acme's objects are indexed, and
 * globex's people searching one kind by the title of acme's course find nothing (an empty page
 * counts as the refusal: search answers from the caller's organisation only).
 */
export interface SearchObjects {
  searchTitle: string;
}

export async function makeSearchObjects(t: TestApp, courseId: number): Promise<SearchObjects> {
  const [course] = await t.database.db
    .select({ title: courses.title })
    .from(courses)
    .where(eq(courses.id, courseId));
  // Made by factories and API calls whose events were not run: indexed here, at once.
  await reindexAll(t.app.ctx);
  return { searchTitle: course!.title };
}

export const SEARCH_CALLS: Record<string, IdCall> = {
  'GET /api/search/kind/:kind/': {
    params: () => ({ kind: 'course' }),
    query: (f) => `?q=${encodeURIComponent(f.searchTitle)}`,
    list: true,
  },
};
