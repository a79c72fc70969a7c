/** Test helpers of the catalogue tests (not imported by the app). */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { courseCategories, courses } from '../../src/schema/courses.table.ts';
import type { TestApp } from '../app.ts';
import { bearer } from '../auth.ts';
import { multipart } from '../multipart.ts';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)]);

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function api(t: TestApp) {
  const call = (method: Method, url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const form = (
    method: 'POST' | 'PATCH',
    url: string,
    token: string,
    parts: Parameters<typeof multipart>[0],
  ) => {
    const body = multipart(parts);
    return t.app.inject({
      method,
      url,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };
  return {
    get: (url: string, token: string) => call('GET', url, token),
    post: (url: string, token: string, body: unknown) => call('POST', url, token, body),
    patch: (url: string, token: string, body: unknown) => call('PATCH', url, token, body),
    del: (url: string, token: string) => call('DELETE', url, token),
    form,
  };
}

/** A course written straight to the database. */
export async function makeCourse(
  t: TestApp,
  values: Partial<typeof courses.$inferInsert> & { organisationId: number },
) {
  const [c] = await t.database.db
    .insert(courses)
    .values({ title: `Course ${Math.random().toString(16).slice(2, 8)}`, ...values })
    .returning();
  return c!;
}

export async function makeCategory(t: TestApp, organisationId: number, name: string) {
  const [c] = await t.database.db
    .insert(courseCategories)
    .values({ organisationId, name })
    .returning();
  return c!;
}

/** Every stored file under the test's data directory (the temporary folder aside). */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && !d.parentPath.includes(`${path.sep}.tmp`))
      .map((d) => path.join(d.parentPath, d.name));
  } catch {
    return [];
  }
}
