import type { AddressInfo } from 'node:net';
import { ROLE } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, signedIn, signedInLearner } from '../../../test/auth.ts';
import { makeOrganisation } from '../../../test/factories/index.ts';
import { messageOf, openSse, type SseClient } from '../../../test/sse.ts';
import { users } from '../../schema/users.table.ts';
import type { RealtimeHub } from './hub.ts';

const STREAM = '/api/stream/';

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const publish = (t: TestApp, userIds: number[], type: string, data?: unknown) =>
  t.app.ctx.realtime.publish(userIds, { type, data });

/** Waits until the stream is subscribed on the server (the catch-up was sent). */
async function settled(t: TestApp, count: number) {
  const hub = t.app.ctx.realtime as RealtimeHub;
  for (let i = 0; i < 200 && hub.subscriberCount < count; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('realtime stream', () => {
  let t: TestApp;
  let base: string;
  let orgId: number;
  const open: SseClient[] = [];
  const connect = async (headers: Record<string, string>, path = STREAM) => {
    const sse = await openSse(`${base}${path}`, headers);
    open.push(sse);
    return sse;
  };

  beforeAll(async () => {
    // A periodic token check this slow never runs here: sign-out must end a stream by itself.
    t = await createTestApp({
      env: { REALTIME_RECHECK_MS: '600000', REALTIME_HEARTBEAT_MS: '100' },
    });
    base = await listening(t);
    orgId = (await makeOrganisation(t.database.db)).id;
  });
  afterAll(async () => {
    for (const sse of open) sse.close();
    await t.close();
  });

  it('delivers a published message to the user’s open stream, unbuffered and uncached', async () => {
    const learner = await signedInLearner(t, orgId);
    const sse = await connect(bearer(learner.token));
    expect(sse.status).toBe(200);
    expect(sse.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(sse.headers.get('cache-control')).toContain('no-cache');
    expect(sse.headers.get('x-accel-buffering')).toBe('no');
    expect(sse.headers.get('x-request-id')).toBeTruthy();
    await publish(t, [learner.user.id], 'ping', { n: 1 });
    const event = await sse.next();
    expect(messageOf(event)).toEqual({ type: 'ping', data: { n: 1 } });
    expect(event.id).toMatch(/^\d+$/);
  });

  it('sends heartbeat comments', async () => {
    const learner = await signedInLearner(t, orgId);
    const sse = await connect(bearer(learner.token));
    await new Promise((r) => setTimeout(r, 350));
    // The opening comment plus at least two heartbeats.
    expect(sse.comments).toBeGreaterThanOrEqual(3);
  });

  it('never delivers another user’s messages', async () => {
    const [a, b] = [await signedInLearner(t, orgId), await signedInLearner(t, orgId)];
    const streamA = await connect(bearer(a.token));
    await settled(t, 1);
    await publish(t, [b.user.id], 'secret', { for: 'b' });
    await publish(t, [a.user.id], 'marker');
    const first = await streamA.next();
    expect(messageOf(first).type).toBe('marker');
    expect(streamA.events.map((e) => messageOf(e).type)).not.toContain('secret');
  });

  it('authenticates with the token cookie (what EventSource sends), not from another site', async () => {
    const learner = await signedInLearner(t, orgId);
    const sse = await connect({ cookie: `token=${learner.token}` });
    expect(sse.status).toBe(200);
    await publish(t, [learner.user.id], 'via.cookie');
    expect(messageOf(await sse.next()).type).toBe('via.cookie');

    const foreign = await connect({
      cookie: `token=${learner.token}`,
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.status).toBe(401);
  });

  it('refuses anonymous callers (401) and accounts awaiting approval (403)', async () => {
    expect((await connect({})).status).toBe(401);
    expect((await connect(bearer('not-a-token'))).status).toBe(401);
    const pending = await signedIn(t, {
      organisationId: orgId,
      roleId: ROLE.LEARNER,
      approved: false,
    });
    expect((await connect(bearer(pending.token))).status).toBe(403);
  });

  it('answers 406 to a request that does not accept an event stream', async () => {
    const learner = await signedInLearner(t, orgId);
    const res = await t.app.inject({
      url: STREAM,
      headers: { ...bearer(learner.token), accept: 'application/json' },
    });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({
      message: 'This is an event stream: send Accept: text/event-stream.',
    });
  });

  it('replays what a reconnect missed after its Last-Event-ID, in order, then goes live', async () => {
    const learner = await signedInLearner(t, orgId);
    const first = await connect(bearer(learner.token));
    await publish(t, [learner.user.id], 'm', 1);
    const seen = await first.next();
    first.close();
    await publish(t, [learner.user.id], 'm', 2);
    await publish(t, [learner.user.id], 'm', 3);

    const again = await connect({ ...bearer(learner.token), 'last-event-id': seen.id! });
    const two = await again.next();
    const three = await again.next((e) => e !== two);
    expect([messageOf(two).data, messageOf(three).data]).toEqual([2, 3]);
    expect(Number(three.id)).toBeGreaterThan(Number(two.id));
    await publish(t, [learner.user.id], 'm', 4);
    const four = await again.next((e) => messageOf(e).data === 4);
    expect(again.events.map((e) => messageOf(e).data)).toEqual([2, 3, 4]);
    expect(four.id).toBeTruthy();

    // The query parameter does the same for a client that cannot send the header.
    const byQuery = await connect(bearer(learner.token), `${STREAM}?last_event_id=${seen.id}`);
    await byQuery.next((e) => messageOf(e).data === 4);
    expect(byQuery.events.map((e) => messageOf(e).data)).toEqual([2, 3, 4]);
  });

  it('tells a reconnect to resync when what it missed is no longer kept', async () => {
    const learner = await signedInLearner(t, orgId);
    const first = await connect(bearer(learner.token));
    await publish(t, [learner.user.id], 'old');
    const seen = await first.next();
    first.close();
    await publish(t, [learner.user.id], 'pruned');
    // What pruning does after REALTIME_RETENTION_MS.
    await t.database.db.execute(sql`delete from realtime_messages`);
    await publish(t, [learner.user.id], 'kept');

    const again = await connect({ ...bearer(learner.token), 'last-event-id': seen.id! });
    const resync = await again.next();
    expect(messageOf(resync).type).toBe('resync');
    expect(messageOf(await again.next((e) => e !== resync)).type).toBe('kept');
  });

  it('delivers a message whose recipients do not fit in a NOTIFY (read from the table)', async () => {
    const learner = await signedInLearner(t, orgId);
    const sse = await connect(bearer(learner.token));
    await settled(t, 1);
    const many = Array.from({ length: 3_000 }, (_, i) => 10_000_000 + i);
    await publish(t, [...many, learner.user.id], 'announcement', { text: 'x'.repeat(2_000) });
    const event = await sse.next();
    expect(messageOf(event)).toEqual({ type: 'announcement', data: { text: 'x'.repeat(2_000) } });
  });

  it('ends the stream when its session signs out, and only that session’s', async () => {
    const learner = await signedInLearner(t, orgId);
    const other = await signedIn(t, { organisationId: orgId, roleId: ROLE.LEARNER });
    const sse = await connect(bearer(learner.token));
    const otherSse = await connect(bearer(other.token));
    await settled(t, 2);
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout/',
      headers: bearer(learner.token),
    });
    expect(res.statusCode).toBe(200);
    await sse.ended;
    expect(performance.now() - started).toBeLessThan(2_000);
    // Another user's stream goes on.
    await publish(t, [other.user.id], 'still.here');
    expect(messageOf(await otherSse.next()).type).toBe('still.here');
    // And the revoked token cannot open a new one.
    expect((await connect(bearer(learner.token))).status).toBe(401);
  });
});

describe('realtime stream limits and lifetime', () => {
  let t: TestApp;
  let base: string;
  let orgId: number;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        REALTIME_RECHECK_MS: '100',
        RATE_LIMIT_PER_MINUTE: '4',
        REALTIME_MAX_STREAMS_PER_USER: '3',
      },
    });
    base = await listening(t);
    orgId = (await makeOrganisation(t.database.db)).id;
  });
  afterAll(() => t.close());

  it('ends a stream whose user is deactivated (the periodic token check)', async () => {
    const learner = await signedInLearner(t, orgId);
    const sse = await openSse(`${base}${STREAM}`, bearer(learner.token));
    await settled(t, 1);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, learner.user.id));
    const started = performance.now();
    await sse.ended;
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('does not spend the caller’s request budget, and caps the streams one user holds open', async () => {
    const learner = await signedInLearner(t, orgId);
    const held: SseClient[] = [];
    for (let i = 0; i < 3; i++) held.push(await openSse(`${base}${STREAM}`, bearer(learner.token)));
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await openSse(`${base}${STREAM}`, bearer(learner.token));
    expect(fourth.status).toBe(429);
    await fourth.ended;
    expect(JSON.parse(fourth.errorBody)).toEqual({ message: 'Too many open streams.' });
    for (const s of held) s.close();
    // Six streams opened, the general budget (4 a minute) untouched.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/api/v1/me/`, { headers: bearer(learner.token) });
      expect(res.status).toBe(200);
      await res.text();
    }
  });
});

describe('realtime stream at shutdown', () => {
  let t: TestApp;
  let base: string;

  // An app of its own: only the stream is open when it closes.
  beforeAll(async () => {
    t = await createTestApp();
    base = await listening(t);
  });
  afterAll(() => t.close());

  it('does not hold up shutdown: close() ends the open streams', async () => {
    const learner = await signedInLearner(t, (await makeOrganisation(t.database.db)).id);
    const sse = await openSse(`${base}${STREAM}`, bearer(learner.token));
    await settled(t, 1);
    const started = performance.now();
    await t.app.close();
    await sse.ended;
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
