import { GENERIC_SUPPORT_MESSAGE, NOTHING_TO_CHANGE } from '@atrium/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { access } from '../auth/access.ts';
import { conflict, fieldError, forbidden, notFound } from './app-error.ts';

const pub = { config: { access: access.public() } };

const logged: Record<string, unknown>[] = [];

function testRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/test/validate/',
    {
      ...pub,
      schema: {
        body: z
          .object({ title: z.string().min(1).max(5), starts: z.string(), ends: z.string() })
          .refine((b) => b.starts < b.ends, { message: 'The end must be after the start.' }),
      },
    },
    async () => ({ ok: true }),
  );
  r.get('/api/test/forbidden/', pub, async () => {
    throw forbidden();
  });
  r.get('/api/test/missing/', pub, async () => {
    throw notFound('Could not get course detail');
  });
  r.get('/api/test/conflict/', pub, async () => {
    throw conflict('The category is still used by 3 courses.');
  });
  r.get('/api/test/field/', pub, async () => {
    throw fieldError('email', 'Enter a valid e-mail address.');
  });
  r.get('/api/test/crash/', pub, async () => {
    throw new Error('secret database detail');
  });
  r.post('/api/test/echo/', pub, async (req) => req.body);
  // Database errors a value from the request causes when no schema stopped it first.
  const cast: Record<string, string> = {
    text: 'abc',
    range: '2147483648',
  };
  r.get('/api/test/db/:kind/', pub, async (req) => {
    const kind = (req.params as { kind: string }).kind;
    if (kind === 'nothing') throw new Error('No values to set');
    return t.database.db.execute(sql`select ${cast[kind]}::int`);
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
    build: {
      logger: {
        level: 'error',
        stream: { write: (line: string) => logged.push(JSON.parse(line)) },
      },
    },
    beforeReady: testRoutes,
  });
});
afterAll(() => t.close());

describe('the one error shape (spec §8)', () => {
  it('400 lists each faulty field and the cross-field rule', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate/',
      payload: { title: 'far too long', starts: '10:00', ends: '09:00' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/Invalid input/);
    expect(body.errors.title[0]).toMatch(/5/);
    expect(Object.keys(body.errors)).toEqual(['title']);
  });

  it('400 reports a rule over the whole body as non_field_errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate/',
      payload: { title: 'ok', starts: '10:00', ends: '09:00' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors).toEqual(['The end must be after the start.']);
  });

  it('400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request could not be read.' });
  });

  it('a field error names its field', async () => {
    const res = await t.app.inject({ url: '/api/test/field/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Enter a valid e-mail address.',
      errors: { email: ['Enter a valid e-mail address.'] },
    });
  });

  it('403, 404 and 409 carry their message', async () => {
    const f = await t.app.inject({ url: '/api/test/forbidden/' });
    expect(f.statusCode).toBe(403);
    expect(f.json().message).toBe('You do not have permission to perform this action.');
    const m = await t.app.inject({ url: '/api/test/missing/' });
    expect([m.statusCode, m.json()]).toEqual([404, { message: 'Could not get course detail' }]);
    const c = await t.app.inject({ url: '/api/test/conflict/' });
    expect(c.statusCode).toBe(409);
    expect(c.json().non_field_errors).toEqual(['The category is still used by 3 courses.']);
  });

  it('413 for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The uploaded content is too large.' });
  });

  it('415 for a content type the API does not take', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported content type.' });
  });

  it('500 shows only the support message and logs the cause with the request id', async () => {
    const res = await t.app.inject({
      url: '/api/test/crash/',
      headers: { 'x-request-id': 'trace-abc-12345' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: GENERIC_SUPPORT_MESSAGE });
    expect(res.body).not.toContain('secret');
    expect(res.headers['x-request-id']).toBe('trace-abc-12345');
    const entry = logged.find((l) => l.reqId === 'trace-abc-12345' && l.level === 50);
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).toContain('secret database detail');
  });

  it('400, not 500, for database errors only input can cause', async () => {
    for (const kind of ['text', 'range']) {
      const res = await t.app.inject({ url: `/api/test/db/${kind}/` });
      expect([kind, res.statusCode, res.json().message]).toEqual([
        kind,
        400,
        'A value in the request is out of range or cannot be stored.',
      ]);
    }
    const empty = await t.app.inject({ url: '/api/test/db/nothing/' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, NOTHING_TO_CHANGE]);
  });

  it('404 JSON for an unknown API path', async () => {
    const res = await t.app.inject({ url: '/api/x/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' }, beforeReady: testRoutes });
  });
  afterAll(() => limited.close());

  it('429 with the error shape and a retry hint once the budget is spent', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await limited.app.inject({ url: '/api/test/missing/' })).statusCode).toBe(404);
    }
    const res = await limited.app.inject({ url: '/api/test/missing/' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
