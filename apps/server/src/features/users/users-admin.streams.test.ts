import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  bearer,
  makeOrganisationWithStaff,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { openSse } from '../../../test/sse.ts';

/*
 * Rejecting, deactivating or removing a user revokes every session; their open live streams must
 * end at once on every node, not at the stream's next periodic token check (set to a minute here,
 * so only the signal can end them in time).
 */
let t: TestApp;
let acme: Staff;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { REALTIME_RECHECK_MS: '60000' } });
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const act = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/accounts/user-action/${id}/`,
    headers: bearer(acme.admin.token),
    payload,
  });

async function streamOf(token: string) {
  const sse = await openSse(`${base}/api/stream/`, bearer(token));
  expect(sse.status).toBe(200);
  // The first event (or heartbeat) is not needed: a short pause lets the server subscribe it.
  await new Promise((r) => setTimeout(r, 200));
  return sse;
}

async function endsWithin(ended: Promise<void>, ms: number): Promise<boolean> {
  return Promise.race([
    ended.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
  ]);
}

describe("an admin's action ends the user's live streams at once", () => {
  it.each([
    ['deactivate', (id: number) => act(id, { action: 'deactivate' })],
    ['reject', (id: number) => act(id, { action: 'reject' })],
    [
      'remove',
      (id: number) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/v1/accounts/remove-user/${id}/`,
          headers: bearer(acme.admin.token),
        }),
    ],
  ])('%s', async (_name, run) => {
    const learner = await signedInLearner(t, acme.org.id);
    const sse = await streamOf(learner.token);
    // Still open while nothing happened.
    expect(await endsWithin(sse.ended, 300)).toBe(false);
    const res = await run(learner.user.id);
    expect(res.statusCode).toBeLessThan(300);
    expect(await endsWithin(sse.ended, 2_000)).toBe(true);
  });
});
