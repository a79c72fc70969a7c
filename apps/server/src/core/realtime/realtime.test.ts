import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, signedInLearner } from '../../../test/auth.ts';
import { makeOrganisation } from '../../../test/factories/index.ts';
import { messageOf, openSse } from '../../../test/sse.ts';

let t: TestApp;
let base: string;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { REALTIME_RECHECK_MS: '100', REALTIME_HEARTBEAT_MS: '100' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  orgId = (await makeOrganisation(t.database.db)).id;
});
afterAll(() => t.close());

describe('realtime stream', () => {
  it('delivers a published message to the user’s open stream', async () => {
    const learner = await signedInLearner(t, orgId);
    const sse = await openSse(`${base}/api/stream/`, bearer(learner.token));
    expect(sse.status).toBe(200);
    expect(sse.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await t.app.ctx.realtime.publish([learner.user.id], { type: 'ping', data: { n: 1 } });
    const event = await sse.next();
    expect(messageOf(event)).toEqual({ type: 'ping', data: { n: 1 } });
    expect(event.id).toMatch(/^\d+$/);
    sse.close();
  });
});
