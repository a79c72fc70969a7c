import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health, readiness and API docs', () => {
  it('/api/health answers with status, uptime and version', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', version: '0.1.0' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('/api/ready reports the database reachable', async () => {
    const res = await t.app.inject({ url: '/api/ready' });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ok', database: 'ok' }]);
  });

  it('/api/docs serves the OpenAPI document and a browsable UI', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.info.title).toBe('Atrium API');
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
  });
});

describe('readiness when the database is gone', () => {
  it('/api/ready answers 503 with the error shape', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const res = await broken.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The database is not reachable.' });
    } finally {
      await broken.app.close();
    }
  });
});
