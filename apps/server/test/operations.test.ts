import * as contract from '@atrium/contract';
import { collectOperations, defineOperation, type Operation } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MODULES } from '../src/app.ts';
import type { AppModule } from '../src/core/module.ts';
import { createTestApp, type TestApp } from './app.ts';

/*
 * One definition per operation (issue 12, part 4): every API route is registered from a contract
 * operation, with that operation's method and path, and every operation the contract defines is
 * registered. A route written by hand, or an operation nobody serves, fails here.
 */
const OPERATIONS = collectOperations(Object.values(contract));
const key = (method: string, path: string) => `${method} ${path}`;

interface Seen {
  method: string;
  url: string;
  operation: Operation | undefined;
}
const seen: Seen[] = [];
// First in the list, so its hook sees every route the modules register after it.
const probe: AppModule = {
  name: 'operation-probe',
  routes(app) {
    app.addHook('onRoute', (route) => {
      const isApi = route.url.startsWith('/api/') || route.url.startsWith('/auth/');
      if (!isApi || route.url.startsWith('/api/docs')) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD')
          seen.push({ method, url: route.url, operation: route.config?.operation });
      }
    });
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { modules: [probe, ...MODULES] } });
});
afterAll(() => t.close());

describe('contract operations', () => {
  it('finds the operations of every slice in the contract', () => {
    expect(OPERATIONS.length).toBeGreaterThan(100);
    const keys = OPERATIONS.map((op) => key(op.method, op.path));
    expect(keys.length, 'two operations share a method and path').toBe(new Set(keys).size);
  });

  it('registers every /api and /auth route from an operation with its method and path', () => {
    expect(seen.length).toBeGreaterThan(0);
    const handWritten = seen
      .filter(
        (r) => !r.operation || key(r.operation.method, r.operation.path) !== key(r.method, r.url),
      )
      .map((r) => key(r.method, r.url));
    expect(handWritten).toEqual([]);
  });

  it('registers every operation of the contract', () => {
    const served = new Set(seen.map((r) => r.operation));
    const unserved = OPERATIONS.filter((op) => !served.has(op)).map((op) =>
      key(op.method, op.path),
    );
    expect(unserved).toEqual([]);
  });

  it('lists every operation in the OpenAPI document, with its schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> }
        >
      >;
    };
    for (const op of OPERATIONS) {
      const path = op.path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      const entry = doc.paths[path]?.[op.method.toLowerCase()];
      expect(entry, key(op.method, op.path)).toBeDefined();
      if (op.response !== 'binary') {
        expect(Object.keys(entry?.responses ?? {}), key(op.method, op.path)).toContain(
          String(op.status),
        );
      }
      if (op.body instanceof z.ZodType) expect(entry?.requestBody, op.path).toBeDefined();
    }
  });
});

describe('defineOperation', () => {
  it('refuses params that do not name the path parameters', () => {
    expect(() =>
      defineOperation({
        method: 'GET',
        path: '/api/things/:thingId/',
        params: z.object({ id: z.string() }),
        response: null,
        summary: 'A mistake',
        access: 'Nobody',
      }),
    ).toThrow(/params schema names \[id\], the path \[thingId\]/);
  });

  it('answers 204 for an operation without content, unless told otherwise', () => {
    const op = defineOperation({
      method: 'DELETE',
      path: '/api/things/:id/',
      params: z.object({ id: z.string() }),
      response: null,
      summary: 'Delete a thing',
      access: 'Its owner',
    });
    expect([op.status, op.errors, op.tags]).toEqual([204, [], []]);
  });
});
