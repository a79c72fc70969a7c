import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_DISABLE_AFTER } from '@atrium/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { webhooks } from '../../schema/webhooks.table.ts';
import { WEBHOOK_ATTEMPTS } from './webhooks.service.ts';

/*
 * Webhooks over HTTP with a real receiver on 127.0.0.1 (the one host this app's outbound guard
 * allows, over plain http): a catalogued event reaches the subscribed webhook of its organisation
 * only, signed so the receiver can check it; a 500 is retried; an admin redelivers; failures in a
 * row switch the webhook off; private addresses are refused when saved and again at delivery;
 * another organisation's admin gets 404 and a learner 403.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** Statuses the receiver answers on a path, in order; 200 once they run out. */
let answers: Record<string, number[]> = {};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      res.statusCode = answers[path]?.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'thanks' : 'x'.repeat(2000));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { OUTBOUND_ALLOW_HTTP: 'true', OUTBOUND_ALLOW_PRIVATE_HOSTS: '127.0.0.1' },
  });
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
}, 60_000);
afterAll(async () => {
  await t?.close();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  answers = {};
});

let n = 0;
async function createHook(staff: Staff, events = ['user.approved'], path = '/hook') {
  n += 1;
  const res = await http.post('/api/webhooks/', staff.admin.token, {
    url: `${base}${path}?n=${n}`,
    description: `Hook ${n}`,
    events,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { webhook: { id: number; url: string }; secret: string };
}

/** A committed use case raising the event, as a slice would. */
const approve = (organisationId: number, userId: number) =>
  runInTransaction(t.database.db, t.app.ctx.bus, async ({ emit }) => {
    emit('user.approved', { userId, organisationId, approvedBy: userId });
  });

/** Runs the queue, making retries due at once (the backoff is the queue's, tested there). */
async function runJobs() {
  await t.app.ctx.jobs.drain();
  await t.database.db
    .update(jobs)
    .set({ runAt: new Date() })
    .where(and(eq(jobs.type, 'webhook.deliver'), eq(jobs.status, 'queued')));
}

const deliveries = async (staff: Staff, id: number) =>
  (await http.get(`/api/webhooks/${id}/deliveries/`, staff.admin.token)).json().results as {
    id: number;
    status: string;
    attempt: number;
    status_code: number | null;
    duration_ms: number | null;
    response_excerpt: string | null;
    error: string | null;
    redelivery_of: number | null;
  }[];

function verify(r: Received, secret: string) {
  const timestamp = r.headers['atrium-timestamp'] as string;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex');
  return r.headers['atrium-signature'] === `v1=${expected}`;
}

describe('managing', () => {
  it('shows the secret once, keeps it sealed, and audits', async () => {
    const { webhook, secret } = await createHook(acme);
    expect(secret).toMatch(/^whsec_/);
    const got = await http.get(`/api/webhooks/${webhook.id}/`, acme.admin.token);
    expect(got.statusCode).toBe(200);
    expect(got.body).not.toContain(secret);
    expect(got.json().secret_hint).toBe(secret.slice(0, 10));
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row!.sealedSecret).not.toContain(secret.slice(6));
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'webhook.created'));
    expect(audit.some((a) => a.details?.webhookId === webhook.id)).toBe(true);

    const rotated = await http.post(
      `/api/webhooks/${webhook.id}/rotate-secret/`,
      acme.admin.token,
      {},
    );
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).not.toBe(secret);
  });

  it('refuses bad input with field errors', async () => {
    const res = await http.post('/api/webhooks/', acme.admin.token, {
      url: 'not a url',
      events: ['no.such.event'],
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.keys(res.json().errors);
    expect(fields).toContain('url');
    expect(fields.some((f) => f.startsWith('events'))).toBe(true);
    const empty = await http.post('/api/webhooks/', acme.admin.token, {
      url: `${base}/`,
      events: [],
    });
    expect(empty.statusCode).toBe(400);
  });

  it.each([
    ['a private address', 'http://10.0.0.1/hook'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]:8080/hook'],
    ['a name resolving to 127.0.0.1', 'http://localhost:8080/hook'],
  ])('refuses %s when saved', async (_name, url) => {
    const before = await t.database.db.select().from(webhooks);
    const res = await http.post('/api/webhooks/', acme.admin.token, {
      url,
      events: ['user.approved'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.url[0]).toMatch(/public internet address/);
    expect(await t.database.db.select().from(webhooks)).toHaveLength(before.length);
  });

  it('keeps other organisations out (404) and learners and trainers off (403)', async () => {
    const { webhook } = await createHook(acme);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${webhook.id}/`],
      ['PATCH', `/api/webhooks/${webhook.id}/`],
      ['DELETE', `/api/webhooks/${webhook.id}/`],
      ['POST', `/api/webhooks/${webhook.id}/ping/`],
      ['POST', `/api/webhooks/${webhook.id}/rotate-secret/`],
      ['GET', `/api/webhooks/${webhook.id}/deliveries/`],
    ] as const) {
      const body = method === 'PATCH' ? { is_active: false } : method === 'POST' ? {} : undefined;
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Token ${globex.admin.token}` },
        ...(body && { payload: body }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const learner = await t.app.inject({
        method,
        url,
        headers: { authorization: `Token ${acme.learner.token}` },
        ...(body && { payload: body }),
      });
      expect(learner.statusCode, `${method} ${url}`).toBe(403);
    }
    const list = (await http.get('/api/webhooks/', globex.admin.token)).json();
    expect(list.results.map((w: { id: number }) => w.id)).not.toContain(webhook.id);
    expect((await http.get('/api/webhooks/', acme.trainer.token)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(row!.isActive).toBe(true);
  });
});

describe('delivering', () => {
  it('signs and delivers an event of its organisation, and no other organisation’s', async () => {
    const { webhook, secret } = await createHook(acme);
    const other = await createHook(globex);
    await approve(acme.org.id, acme.learner.user.id);
    await runJobs();
    const mine = received.filter((r) => r.headers['atrium-webhook-id'] === String(webhook.id));
    expect(mine).toHaveLength(1);
    const [r] = mine;
    expect(verify(r!, secret)).toBe(true);
    expect(
      verify({ ...r!, body: r!.body.replace('"user.approved"', '"user.approvedX"') }, secret),
    ).toBe(false);
    expect(r!.headers['atrium-event']).toBe('user.approved');
    expect(r!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(r!.body);
    expect(body).toMatchObject({
      event: 'user.approved',
      organisation_id: acme.org.id,
      data: { user_id: acme.learner.user.id, approved_by: acme.learner.user.id },
    });
    expect(received.some((x) => x.headers['atrium-webhook-id'] === String(other.webhook.id))).toBe(
      false,
    );
    const [log] = await deliveries(acme, webhook.id);
    expect(log).toMatchObject({ status: 'succeeded', attempt: 1, status_code: 200 });
    expect(log!.response_excerpt).toBe('thanks');
    expect(log!.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('retries after a 500 and logs both attempts', async () => {
    const { webhook, secret } = await createHook(acme, ['user.approved'], '/flaky');
    answers = { '/flaky': [500] };
    await approve(acme.org.id, acme.trainer.user.id);
    await runJobs();
    let [log] = await deliveries(acme, webhook.id);
    expect(log).toMatchObject({ status: 'retrying', attempt: 1, status_code: 500 });
    expect(log!.error).toMatch(/500/);
    expect(log!.response_excerpt!.length).toBe(500);
    await runJobs();
    [log] = await deliveries(acme, webhook.id);
    expect(log).toMatchObject({ status: 'succeeded', attempt: 2, status_code: 200, error: null });
    const mine = received.filter((r) => r.headers['atrium-webhook-id'] === String(webhook.id));
    expect(mine).toHaveLength(2);
    expect(mine.every((r) => verify(r, secret))).toBe(true);
    expect(mine[0]!.body).toBe(mine[1]!.body);
  });

  it('redelivers the same document as a new delivery', async () => {
    const { webhook } = await createHook(acme);
    await approve(acme.org.id, acme.admin.user.id);
    await runJobs();
    const [first] = await deliveries(acme, webhook.id);
    const res = await http.post(
      `/api/webhooks/${webhook.id}/deliveries/${first!.id}/redeliver/`,
      acme.admin.token,
      {},
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', redelivery_of: first!.id });
    await runJobs();
    const mine = received.filter((r) => r.headers['atrium-webhook-id'] === String(webhook.id));
    expect(mine).toHaveLength(2);
    const [a, b] = mine.map((r) => JSON.parse(r.body));
    expect(b.event_id).toBe(a.event_id);
    expect(b.data).toEqual(a.data);
    expect(b.delivery_id).not.toBe(a.delivery_id);
    expect(await deliveries(acme, webhook.id)).toHaveLength(2);
    // Another webhook's delivery id, or another organisation's admin: not found.
    const other = await createHook(acme);
    expect(
      (
        await http.post(
          `/api/webhooks/${other.webhook.id}/deliveries/${first!.id}/redeliver/`,
          acme.admin.token,
          {},
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await http.post(
          `/api/webhooks/${webhook.id}/deliveries/${first!.id}/redeliver/`,
          globex.admin.token,
          {},
        )
      ).statusCode,
    ).toBe(404);
  });

  it('checks the address again at delivery time', async () => {
    const { webhook } = await createHook(acme);
    // As if the name now resolved elsewhere: the saved check is not trusted at delivery.
    await t.database.db
      .update(webhooks)
      .set({ url: 'http://10.0.0.1/hook' })
      .where(eq(webhooks.id, webhook.id));
    const ping = await http.post(`/api/webhooks/${webhook.id}/ping/`, acme.admin.token, {});
    expect(ping.statusCode).toBe(201);
    await runJobs();
    const [log] = await deliveries(acme, webhook.id);
    expect(log).toMatchObject({ status: 'retrying', status_code: null });
    expect(log!.error).toMatch(/private or reserved/);
  });

  it('fails for good after the last attempt and switches the webhook off after failures in a row', async () => {
    const { webhook } = await createHook(acme, ['user.approved'], '/down');
    await t.database.db
      .update(webhooks)
      .set({ consecutiveFailures: WEBHOOK_DISABLE_AFTER - 1 })
      .where(eq(webhooks.id, webhook.id));
    answers = { '/down': Array(WEBHOOK_ATTEMPTS).fill(503) };
    expect(
      (await http.post(`/api/webhooks/${webhook.id}/ping/`, acme.admin.token, {})).statusCode,
    ).toBe(201);
    for (let i = 0; i < WEBHOOK_ATTEMPTS; i++) await runJobs();
    const [log] = await deliveries(acme, webhook.id);
    expect(log).toMatchObject({ status: 'failed', attempt: WEBHOOK_ATTEMPTS, status_code: 503 });
    const got = (await http.get(`/api/webhooks/${webhook.id}/`, acme.admin.token)).json();
    expect(got).toMatchObject({ is_active: false, consecutive_failures: WEBHOOK_DISABLE_AFTER });
    expect(got.disabled_reason).toMatch(/failed in a row/);
    // Off: no ping, and events no longer reach it.
    expect(
      (await http.post(`/api/webhooks/${webhook.id}/ping/`, acme.admin.token, {})).statusCode,
    ).toBe(409);
    // Switched back on by the admin: the count starts again.
    const on = await http.patch(`/api/webhooks/${webhook.id}/`, acme.admin.token, {
      is_active: true,
    });
    expect(on.json()).toMatchObject({
      is_active: true,
      consecutive_failures: 0,
      disabled_reason: null,
    });
  });

  it('deletes a webhook with its log', async () => {
    const { webhook } = await createHook(acme);
    const res = await http.del(`/api/webhooks/${webhook.id}/`, acme.admin.token);
    expect(res.statusCode).toBe(204);
    expect((await http.get(`/api/webhooks/${webhook.id}/`, acme.admin.token)).statusCode).toBe(404);
  });
});
