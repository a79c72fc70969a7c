import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/app.ts';
import type { AppModule, MatrixRow } from '../src/core/module.ts';
import { createTestApp, type TestApp } from './app.ts';
import { bearer, makeOrganisationWithStaff, type Staff, tokenFor } from './auth.ts';

/**
 * Every API route and what each kind of caller gets from the access check.
 * 'ok' means the access check let the call through (the handler may still
 * answer 400 or 404 for the empty request we send). The rows live with the
 * slices (`<slice>.matrix.ts`, set as the module's `matrix`): a route added
 * without a row in its own slice fails here: decide who may call it, then add it.
 */
function expectedRows(modules: readonly AppModule[]): Record<string, MatrixRow> {
  const rows: Record<string, MatrixRow> = {};
  const owner: Record<string, string> = {};
  for (const module of modules) {
    for (const [key, row] of Object.entries(module.matrix ?? {})) {
      if (owner[key]) throw new Error(`${key}: a row in both ${owner[key]} and ${module.name}`);
      owner[key] = module.name;
      rows[key] = row;
    }
  }
  return rows;
}
const EXPECTED = expectedRows(MODULES);

/** The routes each module registered, so that a row sits in the slice that owns the route. */
const registeredBy: Record<string, string[]> = {};
const watched = MODULES.map(
  (module): AppModule => ({
    ...module,
    routes:
      module.routes &&
      ((app, ctx) => {
        const before = app.accessRules.length;
        module.routes?.(app, ctx);
        registeredBy[module.name] = app.accessRules
          .slice(before)
          .map((r) => `${r.method} ${r.url}`);
      }),
  }),
);

let t: TestApp;
let staff: Staff;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_PER_MINUTE: '100000' },
    build: { modules: watched },
  });
  staff = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
});
afterAll(() => t.close());

const callers = ['anonymous', 'superadmin', 'admin', 'trainer', 'learner'] as const;

describe('authorization matrix', () => {
  it('lists every API route, and only those', () => {
    const registered = t.app.accessRules.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(MODULES.map((m) => [m.name, m] as const))(
    "%s: its rows are its own routes' rows",
    (_name, module) => {
      expect(Object.keys(module.matrix ?? {}).sort()).toEqual(
        (registeredBy[module.name] ?? []).sort(),
      );
    },
  );

  it('refuses a row claimed by two modules', () => {
    const a: AppModule = { name: 'a', matrix: { 'GET /api/x/': EXPECTED['GET /api/health']! } };
    const b: AppModule = { ...a, name: 'b' };
    expect(() => expectedRows([a, b])).toThrow('GET /api/x/: a row in both a and b');
  });

  it.each(Object.entries(EXPECTED))('%s', async (key, row) => {
    const [method, url] = key.split(' ') as [string, string];
    for (const who of callers) {
      // A fresh token per call: logout would otherwise revoke the next caller's.
      const headers =
        who === 'anonymous'
          ? {}
          : bearer(await tokenFor(t.database.db, t.config, staff[who].user, staff.org.id));
      const res = await t.app.inject({
        method: method as 'GET',
        url: url.replace(/:(\w+)/g, '999999'),
        headers,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      const expected = row[who];
      if (expected === 'ok') {
        expect([401, 403], `${who} → ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, `${who}: ${res.body}`).toBe(expected);
      }
    }
  });
});
