import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff, signedInLearner } from '../../../test/auth.ts';
import { makeCourse } from '../../../test/factories/index.ts';
import { api, call } from '../../../test/http.ts';
import { startMailCatcher } from '../../../test/mail-catcher.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { notificationDigestPeriods } from '../../schema/notifications.table.ts';
import { nextPeriodEnd, scheduleDigest } from './notifications.jobs.ts';

let t: TestApp;
let acme: Staff;
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
const drain = async () => {
  while ((await t.app.ctx.jobs.runDue()) > 0);
};

beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({ env: { SMTP_URL: catcher.url } });
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const tokenIn = (text: string) => /\/unsubscribe\?token=([^\s]+)/.exec(text)?.[1];

describe('notification mails', () => {
  it('an immediate mail has the link, a plain-text part and a one-click unsubscribe that works', async () => {
    const course = await makeCourse(t.database.db, {
      organisationId: acme.org.id,
      title: 'Safety basics',
    });
    const learner = await signedInLearner(t, acme.org.id);
    await api(t).post(`/api/courses/${course.id}/assign/`, acme.admin.token, {
      users: [learner.user.id],
    });
    await drain();
    const mail = await catcher.latestTo(learner.user.email);
    expect(mail.subject).toContain('Safety basics');
    expect(mail.text).toContain(`/course/${course.id}`);
    const headers = mail.raw.replace(/\r\n[ \t]+/g, '');
    expect(headers).toMatch(/^List-Unsubscribe: ?<http[^>]+\/api\/notify\/unsubscribe\/\?token=/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    const token = decodeURIComponent(tokenIn(mail.text) ?? '');
    const state = await call(t.app, 'GET', '/api/notify/unsubscribe/', { query: { token } });
    expect(state.json()).toMatchObject({ type: 'enrolment_assigned', unsubscribed: false });
    // What a mail client sends for RFC 8058 one-click.
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/notify/unsubscribe/?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ unsubscribed: true });
    const tampered = await call(t.app, 'GET', '/api/notify/unsubscribe/', {
      query: { token: `${token}x` },
    });
    expect(tampered.statusCode).toBe(404);

    // E-mail for that type is off now; the in-app notification still comes.
    const before = catcher.mails.length;
    const course2 = await makeCourse(t.database.db, { organisationId: acme.org.id });
    await api(t).post(`/api/courses/${course2.id}/assign/`, acme.admin.token, {
      users: [learner.user.id],
    });
    await drain();
    expect(
      catcher.mails.slice(before).filter((m) => m.to.includes(learner.user.email)),
    ).toHaveLength(0);
    const list = (await call(t.app, 'GET', '/api/notify/', { token: learner.token })).json();
    expect(list.count).toBe(2);
  });

  it('a daily digest gathers the period’s notifications in one mail, once, however many nodes ask', async () => {
    const learner = await signedInLearner(t, acme.org.id);
    await call(t.app, 'PUT', '/api/notify/preferences/', {
      token: learner.token,
      body: { preferences: [{ type: 'enrolment_assigned', channel: 'email', frequency: 'daily' }] },
    });
    for (const title of ['Digest one', 'Digest two']) {
      const course = await makeCourse(t.database.db, { organisationId: acme.org.id, title });
      await api(t).post(`/api/courses/${course.id}/assign/`, acme.admin.token, {
        users: [learner.user.id],
      });
    }
    await drain();
    expect(catcher.mails.filter((m) => m.to.includes(learner.user.email))).toHaveLength(0);

    // The period that just ended: two "nodes" schedule it, one job exists.
    const after = new Date(Date.now() - 86_400_000 + 60_000);
    const periodEnd = nextPeriodEnd('daily', after);
    await t.database.db.delete(notificationDigestPeriods);
    const scheduled = await Promise.all([
      scheduleDigest(t.database.db, 'daily', after),
      scheduleDigest(t.database.db, 'daily', after),
    ]);
    expect(scheduled.filter(Boolean)).toHaveLength(1);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'notifications.digest'), eq(jobs.status, 'queued')));
    const mine = queued.filter((j) => j.payload.periodEnd === periodEnd.toISOString());
    expect(mine).toHaveLength(1);
    // Notifications made now belong to the period ending now or later: move the period's end
    // past them so this run picks them up, as the real one would at midnight.
    const end = new Date(Date.now() + 1000).toISOString();
    await t.app.ctx.db
      .update(notificationDigestPeriods)
      .set({ periodEnd: new Date(end) })
      .where(eq(notificationDigestPeriods.periodEnd, periodEnd));
    await t.app.ctx.db
      .update(jobs)
      .set({ payload: { frequency: 'daily', periodEnd: end }, runAt: new Date() })
      .where(eq(jobs.id, mine[0]!.id));
    await new Promise((r) => setTimeout(r, 1100));
    await drain();
    // A second run of the same period (a replayed job) sends nothing more.
    await t.database.db
      .insert(jobs)
      .values({ type: 'notifications.digest', payload: { frequency: 'daily', periodEnd: end } });
    await drain();

    const digests = catcher.mails.filter((m) => m.to.includes(learner.user.email));
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toContain('daily summary: 2 notifications');
    expect(digests[0]!.text).toContain('Digest one');
    expect(digests[0]!.text).toContain('Digest two');
    expect(tokenIn(digests[0]!.text)).toBeDefined();
  });
});
