import { NOTHING_TO_CHANGE } from '@atrium/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { multipart } from '../../../test/multipart.ts';
import { access } from '../auth/access.ts';
import { readForm } from './forms.ts';
import { isStorableText, UNSTORABLE_TEXT, unstorablePaths } from './input-guard.ts';

const pub = { config: { access: access.public() } };

function testRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // No schema at all: the guard must not depend on a route declaring one.
  r.post('/api/test/guard/:slug/', pub, async (req) => ({ body: req.body }));
  r.patch(
    '/api/test/guard/:slug/',
    { ...pub, schema: { body: z.object({ name: z.string().optional() }) } },
    async (req) => req.body,
  );
  r.get('/api/test/guard/:slug/', pub, async (req) => req.query);
  r.post('/api/test/guard-form/', pub, async (req) => {
    const names: string[] = [];
    const fields = await readForm(req, async (file) => {
      names.push(file.filename);
      file.file.resume();
    });
    return { fields, names };
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ beforeReady: testRoutes });
});
afterAll(() => t.close());

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps every real character', () => {
    expect(isStorableText('Zoë 👩‍🏫 日本 \u200b')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\uD800b')).toBe(false);
    expect(isStorableText('\uDC00')).toBe(false);
  });

  it('names every bad value by its dotted path, a bad key by its parent', () => {
    const body = {
      ok: 'x',
      name: 'a\u0000',
      list: ['fine', 'b\uD800'],
      nested: { 'k\u0000': 1 },
    };
    expect(unstorablePaths(body)).toEqual(['list.1', 'name', 'nested']);
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorablePaths(deep)).toHaveLength(1);
  });
});

describe('the input guard on every route', () => {
  it('400 in the spec §8 shape for NUL or a lone surrogate in a JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/guard/x/',
      payload: { username: 'ad\uD800min', profile: { bio: 'a\u0000b' }, ok: 'Zoë' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Invalid input. Please correct the fields listed.',
      errors: { 'profile.bio': [UNSTORABLE_TEXT], username: [UNSTORABLE_TEXT] },
    });
  });

  it('400 for NUL in the query string or a path parameter', async () => {
    const q = await t.app.inject({ url: '/api/test/guard/x/?search=a%00b' });
    expect([q.statusCode, q.json().errors]).toEqual([400, { search: [UNSTORABLE_TEXT] }]);
    const p = await t.app.inject({ url: '/api/test/guard/a%00b/' });
    expect([p.statusCode, p.json().errors]).toEqual([400, { slug: [UNSTORABLE_TEXT] }]);
  });

  it('lets ordinary text through', async () => {
    const res = await t.app.inject({ url: '/api/test/guard/x/?search=Zo%C3%AB%20%F0%9F%91%8B' });
    expect([res.statusCode, res.json()]).toEqual([200, { search: 'Zoë 👋' }]);
  });

  it('400 for an empty update, 200 for a real one', async () => {
    const empty = await t.app.inject({ method: 'PATCH', url: '/api/test/guard/x/', payload: {} });
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      { message: NOTHING_TO_CHANGE, non_field_errors: [NOTHING_TO_CHANGE] },
    ]);
    const real = await t.app.inject({
      method: 'PATCH',
      url: '/api/test/guard/x/',
      payload: { name: 'New' },
    });
    expect(real.statusCode).toBe(200);
  });

  it('400 for NUL in a multipart field or an upload file name', async () => {
    const field = multipart([{ name: 'title', value: 'a\u0000b' }]);
    const f = await t.app.inject({ method: 'POST', url: '/api/test/guard-form/', ...field });
    expect([f.statusCode, f.json().errors]).toEqual([400, { title: [UNSTORABLE_TEXT] }]);
    const file = multipart([
      { name: 'file', filename: 'report\u0000.pdf', content: Buffer.from('%PDF-1.4') },
    ]);
    const n = await t.app.inject({ method: 'POST', url: '/api/test/guard-form/', ...file });
    expect([n.statusCode, n.json().errors]).toEqual([400, { file: [UNSTORABLE_TEXT] }]);
    const good = multipart([
      { name: 'title', value: 'Zoë' },
      { name: 'file', filename: 'résumé.pdf', content: Buffer.from('%PDF-1.4') },
    ]);
    const g = await t.app.inject({ method: 'POST', url: '/api/test/guard-form/', ...good });
    expect([g.statusCode, g.json()]).toEqual([
      200,
      { fields: { title: 'Zoë' }, names: ['résumé.pdf'] },
    ]);
  });
});
