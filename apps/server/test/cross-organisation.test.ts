import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/core/db/database.ts';
import { createTestApp, type TestApp } from './app.ts';
import { bearer, makeOrganisationWithStaff, type Staff, tokenFor } from './auth.ts';
import {
  BODY_CALLS,
  CALLS,
  type Fixture,
  type IdCall,
  type Mine,
  type Named,
  REVERSE,
  type ReverseCall,
  SHARED_READS,
} from './cross-organisation/calls.ts';
import { makeObjects } from './cross-organisation/objects.ts';
import { storedFiles } from './factories/catalogue.ts';
import { multipart } from './multipart.ts';

/**
 * The cross-organisation column of the authorization matrix (issue 12). The first organisation
 * (acme) owns real objects of every kind; every route that takes an id in its path is called by
 * the admin, the trainer and the learner of a second organisation (globex) with acme's ids and a
 * plausible body. Each call is refused (403 or 404), and afterwards the database and the file
 * store are as they were. A route with a path id that CALLS (cross-organisation/calls.ts)
 * cannot fill fails the first test, as a route without a matrix row fails the matrix: new
 * routes cannot escape the column.
 *
 * The superadmin is left out: it acts on every organisation by design.
 *
 * Course objects come twice: in a course of acme's own (visibility 'organisation') and in a
 * published course acme lists in the shared catalogue, whose reads other organisations may make
 * (SHARED_READS). Writes on the shared course's objects are refused like any other.
 *
 * Beside the path ids: BODY_CALLS name acme's objects in the body or query, and REVERSE has
 * globex act on its own objects while naming one of acme's (its course in acme's category).
 * After the refusals, a control makes each call as its rightful owner: the ids and bodies are
 * real, so each refusal is the organisation's doing and not a typo's.
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let own: Fixture;
let shared: Fixture;
let mine: Mine;

// ---------- calling ----------

function urlOf(key: string, call: IdCall, f: Fixture): string {
  const params = call.params(f);
  const route = key.slice(key.indexOf(' ') + 1);
  const filled = route
    .replace(/:(\w+)/g, (_, name: string) => {
      if (params[name] === undefined) throw new Error(`${key}: no value for :${name}`);
      return String(params[name]);
    })
    .replace('*', () => String(params['*']));
  return filled + (call.query?.(f) ?? '');
}

function send(key: string, call: IdCall, f: Fixture, token: string) {
  const method = key.slice(0, key.indexOf(' ')) as 'GET';
  const body = call.body?.(f);
  const headers = { ...call.headers, ...bearer(token) };
  if (body && 'parts' in body) {
    const form = multipart(body.parts as Parameters<typeof multipart>[0]);
    return t.app.inject({
      method,
      url: urlOf(key, call, f),
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
  }
  return t.app.inject({
    method,
    url: urlOf(key, call, f),
    headers,
    ...(body === undefined ? {} : { payload: body }),
  });
}

function sendReverse(call: ReverseCall, named: Named, token: string) {
  const key = call.route;
  const asCall: IdCall = {
    params: () => call.params?.(mine) ?? {},
    body: () => call.body(named, mine),
  };
  return send(key, asCall, own, token);
}

/** Whether an answer shows nothing: a refusal, or an empty page of a filtered list. */
function refused(res: LightMyRequestResponse, call: IdCall) {
  if (res.statusCode === 403 || res.statusCode === 404) return true;
  return Boolean(call.list) && res.statusCode === 200 && res.json().count === 0;
}

const idRoutes = () =>
  t.app.accessRules.map((r) => `${r.method} ${r.url}`).filter((key) => /[:*]/.test(key));

// ---------- what must not change ----------

/** Every row of every table and every stored file: a refused call changes none of them. */
async function snapshot() {
  const db = t.database.db;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables) {
    const all = await queryRows<{ r: string }>(
      db,
      // A token's last use is touched a minute after the last touch whoever calls: in a run
      // longer than that, it moves for acme's and globex's tokens alike, which is no change.
      sql.raw(`select (to_jsonb(t) - 'last_used_at')::text as r from "${name}" t order by 1`),
    );
    rows[name] = all.map((x) => x.r);
  }
  return { rows, files: storedFiles(t).sort() };
}

// ---------- the tests ----------

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  ({ own, shared, mine } = await makeObjects(t, acme, globex));
}, 120_000);
afterAll(() => t?.close());

/** The calls to make: each route with each fixture set, once per distinct URL and body. */
function plan() {
  const out: { key: string; call: IdCall; f: Fixture; set: 'own' | 'shared' }[] = [];
  const seen = new Set<string>();
  for (const [key, call] of [...Object.entries(CALLS), ...Object.entries(BODY_CALLS)]) {
    for (const [set, f] of [
      ['own', own],
      ['shared', shared],
    ] as const) {
      const id = `${key} ${urlOf(key, call, f)} ${JSON.stringify(call.body?.(f) ?? null)}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ key, call, f, set });
    }
  }
  return out;
}

const outsiders = ['admin', 'trainer', 'learner'] as const;

describe('cross-organisation column', () => {
  it('knows how to fill every route that takes an id', () => {
    const missing = idRoutes().filter((key) => !CALLS[key]);
    expect(missing.map((key) => `add an id for ${key}`)).toEqual([]);
    const stale = Object.keys(CALLS).filter((key) => !idRoutes().includes(key));
    expect(stale.map((key) => `no such route: ${key}`)).toEqual([]);
    for (const key of Object.keys(SHARED_READS)) {
      expect(key.startsWith('GET '), `${key}: only reads may be shared`).toBe(true);
      expect(CALLS[key] ?? BODY_CALLS[key], key).toBeDefined();
    }
    const routes = t.app.accessRules.map((r) => `${r.method} ${r.url}`);
    const unknown = [...Object.keys(BODY_CALLS), ...REVERSE.map((c) => c.route)].filter(
      (key) => !routes.includes(key),
    );
    expect(unknown.map((key) => `no such route: ${key}`)).toEqual([]);
  });

  it("refuses another organisation's admin, trainer and learner, and nothing changes", async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const { key, call, f, set } of plan()) {
      const exception = SHARED_READS[key];
      const visible = exception && (exception.fixtures === 'both' || set === 'shared');
      const results = await Promise.all(
        outsiders.map(async (who) => [who, await send(key, call, f, globex[who].token)] as const),
      );
      for (const [who, res] of results) {
        const reads = visible && (exception.outsiders?.includes(who) ?? true);
        const ok = reads ? res.statusCode === 200 : refused(res, call);
        if (!ok) {
          wrong.push(
            `${key} (${set}) as globex ${who} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    for (const call of REVERSE) {
      for (const who of outsiders) {
        const res = await sendReverse(call, own, globex[who].token);
        if (![400, 403, 404].includes(res.statusCode)) {
          wrong.push(
            `${call.route} naming acme's as globex ${who} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    const after = await snapshot();
    expect(after.files).toEqual(before.files);
    for (const table of Object.keys(before.rows)) {
      expect(after.rows[table], table).toEqual(before.rows[table]);
    }
  }, 180_000);

  it("lets acme's own people make the same calls (the ids and bodies are real)", async () => {
    // Reads first, then the learner's writes, the other writes (the return to draft last), and
    // deletes, children before parents (CALLS lists parents first): each control finds what it
    // names still there, in the state it needs.
    const order = plan().filter((p) => p.set === 'own' || SHARED_READS[p.key]);
    const reads = order.filter((p) => p.key.startsWith('GET '));
    const rank = (p: { call: IdCall }) =>
      p.call.owner === 'learner' ? 0 : p.call.lastControl ? 2 : 1;
    const writes = order
      .filter((p) => !p.key.startsWith('GET ') && !p.key.startsWith('DELETE '))
      .sort((a, b) => rank(a) - rank(b));
    const deletes = order.filter((p) => p.key.startsWith('DELETE ')).reverse();
    const wrong: string[] = [];
    for (const { key, call, f, set } of [...reads, ...writes, ...deletes]) {
      const owner = call.owner ?? 'admin';
      const token = await tokenFor(t.database.db, t.config, acme[owner].user, acme.org.id);
      const res = await send(key, call, f, token);
      const ok = key.startsWith('GET ')
        ? res.statusCode === 200
        : res.statusCode < 500 && res.statusCode !== 403 && res.statusCode !== 404;
      if (!ok) wrong.push(`${key} (${set}) as acme ${owner} → ${res.statusCode} ${res.body}`);
    }
    for (const call of REVERSE) {
      const res = await sendReverse(call, mine, globex.admin.token);
      if (res.statusCode >= 300) {
        wrong.push(`${call.route} naming globex's own → ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
