import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeReportDataset, type ReportDataset } from '../../../test/factories/reports.ts';
import { api } from '../../../test/http.ts';
import { type CaughtMail, startMailCatcher } from '../../../test/mail-catcher.ts';
import { reportScheduleDeliveries } from '../../schema/report-schedules.table.ts';
import { runDueSchedules } from './reports.schedules.run.ts';

/*
 * Scheduled e-mail reports end to end: made through the API, run at a clock the test sets, sent
 * through a real SMTP server (the mail catcher) with the file attached, each recipient's file
 * holding their own figures.
 */

const BASE = '/api/report/crone_job_email_setting/';
let t: TestApp;
let d: ReportDataset;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
const http = () => api(t);

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ env: { SMTP_URL: mail.url } });
  d = await makeReportDataset(t);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const schedule = (over: Record<string, unknown> = {}) => ({
  name: 'Weekly status',
  source: { kind: 'widget', widget: 'user-status', query: {} },
  format: 'csv',
  recurrence: { frequency: 'daily', time: '07:00', timezone: 'UTC' },
  recipients: { users: [], roles: [] },
  ...over,
});

async function create(token: string, body: Record<string, unknown>) {
  const res = await http().post(BASE, token, body);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}

/** The attachment of a caught mail, decoded (nodemailer sends it base64). */
function attachmentOf(m: CaughtMail): { filename: string; content: string } {
  const part =
    /Content-Disposition: attachment;\s*filename="?([^"\r\n]+)"?\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/i.exec(
      m.raw,
    );
  if (!part) throw new Error(`no attachment in: ${m.raw.slice(0, 500)}`);
  return {
    filename: part[1]!,
    content: Buffer.from(part[2]!.replace(/\r\n/g, ''), 'base64').toString('utf8'),
  };
}

/** The "Total" figure of a user-status CSV. */
const totalOf = (csv: string) =>
  Number(/^"?Total"?,"?(\d+)/m.exec(csv.replace(/^\uFEFF/, ''))?.[1]);

const mailsTo = (email: string) => mail.mails.filter((m) => m.to.includes(email));
const plusMinute = (iso: string) => new Date(new Date(iso).getTime() + 60_000);

describe('scheduled e-mail reports', () => {
  it('computes the next run on the schedule’s own clock', async () => {
    const admin = d.acme.admin.token;
    const weekly = await create(
      admin,
      schedule({
        recurrence: { frequency: 'weekly', weekday: 3, time: '09:00', timezone: 'Europe/London' },
        recipients: { users: [d.acme.admin.user.id], roles: [] },
        active: false,
      }),
    );
    // Paused: no next run; resuming computes it (a Wednesday, 09:00 London = 09:00 UTC in winter).
    expect(weekly.next_run_at).toBeNull();
    const resumed = await http().patch(`${BASE}${weekly.id}/`, admin, { active: true });
    expect(resumed.statusCode).toBe(200);
    const next = new Date(resumed.json().next_run_at);
    expect(next.getUTCDay()).toBe(3);
    expect(next.toISOString().slice(11, 16)).toBe('09:00');
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(resumed.json()).toMatchObject({
      abilities: { edit: true, delete: true },
      recipient_users: [{ id: d.acme.admin.user.id }],
      created_by: { id: d.acme.admin.user.id },
    });

    const monthly = await http().patch(`${BASE}${weekly.id}/`, admin, {
      recurrence: { frequency: 'monthly', day_of_month: 31, time: '18:30', timezone: 'UTC' },
    });
    const m = new Date(monthly.json().next_run_at);
    // The 31st, or the last day of a shorter month.
    const last = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 0)).getUTCDate();
    expect(m.getUTCDate()).toBe(Math.min(31, last));
    expect(m.toISOString().slice(11, 16)).toBe('18:30');
    expect((await http().del(`${BASE}${weekly.id}/`, admin)).statusCode).toBe(204);
  });

  it('sends each recipient their own figures, once, even with two runs at once', async () => {
    const admin = d.acme.admin;
    const trainer = d.acme.trainer;
    const s = await create(
      admin.token,
      schedule({
        // The trainer and the admin by name; the learners by role (a staff-only report: skipped).
        recipients: { users: [trainer.user.id, admin.user.id], roles: [ROLE.LEARNER] },
      }),
    );
    expect(s.next_run_at).toMatch(/T07:00:00/);
    const before = mail.mails.length;
    const at = plusMinute(s.next_run_at);
    const [a, b] = await Promise.all([
      runDueSchedules(t.app.ctx, at),
      runDueSchedules(t.app.ctx, at),
    ]);
    const results = [...a, ...b].filter((r) => r.scheduleId === s.id);
    expect(results).toHaveLength(1);
    expect(results[0]!.status).toBe('sent');

    // One mail each for the trainer and the admin, none for the learners.
    await mail.latestTo(trainer.user.email);
    await mail.latestTo(admin.user.email);
    expect(mail.mails.length - before).toBe(2);
    expect(mailsTo(d.acme.learner.user.email)).toHaveLength(0);

    // Each file holds what that person sees on /reports: the trainer their learners only.
    const get = async (token: string) =>
      (await http().get('/api/report/user-status/', token)).json();
    const adminTotal = (await get(admin.token)).total;
    const trainerTotal = (await get(trainer.token)).total;
    expect(adminTotal).not.toBe(trainerTotal);
    const forAdmin = attachmentOf((await mail.latestTo(admin.user.email))!);
    const forTrainer = attachmentOf((await mail.latestTo(trainer.user.email))!);
    expect(forAdmin.filename).toMatch(/^user-status-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(totalOf(forAdmin.content)).toBe(adminTotal);
    expect(totalOf(forTrainer.content)).toBe(trainerTotal);
    expect((await mail.latestTo(admin.user.email)).subject).toContain('Weekly status');

    // A delivery row per recipient: two sent, each learner skipped with the reason.
    const rows = await t.database.db
      .select()
      .from(reportScheduleDeliveries)
      .where(eq(reportScheduleDeliveries.scheduleId, s.id));
    expect(
      rows
        .filter((r) => r.status === 'sent')
        .map((r) => r.userId)
        .sort(),
    ).toEqual([trainer.user.id, admin.user.id].sort());
    const learnerRow = rows.find((r) => r.userId === d.acme.learner.user.id);
    // Left out on purpose, with the reason their own visibility gave.
    expect(learnerRow).toMatchObject({ status: 'skipped' });
    expect(learnerRow?.error).toMatch(/report/i);

    // The run moved the next run on a day; the same clock again sends nothing more.
    const after = (await http().get(`${BASE}${s.id}/`, admin.token)).json();
    expect(after).toMatchObject({ last_status: 'sent', last_run_at: at.toISOString() });
    expect(new Date(after.next_run_at).getTime() - new Date(s.next_run_at).getTime()).toBe(
      86_400_000,
    );
    const again = await runDueSchedules(t.app.ctx, at);
    expect(again.filter((r) => r.scheduleId === s.id)).toHaveLength(0);
    expect(mail.mails.length - before).toBe(2);
    await http().del(`${BASE}${s.id}/`, admin.token);
  });

  it('skips an empty report unless told to send it anyway', async () => {
    const admin = d.acme.admin;
    // No learner activity in 2030: the top learners table is empty.
    const empty = {
      kind: 'widget',
      widget: 'top-learner',
      query: { from: '2030-01-01', to: '2030-12-31' },
    };
    const skip = await create(
      admin.token,
      schedule({ name: 'Empty', source: empty, recipients: { users: [admin.user.id], roles: [] } }),
    );
    const send = await create(
      admin.token,
      schedule({
        name: 'Empty anyway',
        source: empty,
        format: 'xlsx',
        send_when_empty: true,
        recipients: { users: [admin.user.id], roles: [] },
      }),
    );
    const before = mailsTo(admin.user.email).length;
    const results = await runDueSchedules(t.app.ctx, plusMinute(skip.next_run_at));
    expect(results.find((r) => r.scheduleId === skip.id)).toMatchObject({
      status: 'skipped_empty',
      deliveries: [{ userId: admin.user.id, status: 'skipped_empty' }],
    });
    expect(results.find((r) => r.scheduleId === send.id)?.status).toBe('sent');
    await mail.latestTo(admin.user.email);
    const sent = mailsTo(admin.user.email).slice(before);
    expect(sent.map((m) => m.subject)).toEqual([expect.stringContaining('Empty anyway')]);
    expect(attachmentOf(sent[0]!).filename).toMatch(/\.xlsx$/);
    const shown = (await http().get(`${BASE}${skip.id}/`, admin.token)).json();
    expect(shown.last_status).toBe('skipped_empty');
  });

  it('shows a schedule to its creator and the admins only; another organisation gets 404', async () => {
    const trainer = d.acme.trainer;
    const mine = await create(
      trainer.token,
      schedule({ name: 'Trainer’s', recipients: { users: [trainer.user.id], roles: [] } }),
    );
    const url = `${BASE}${mine.id}/`;
    // The organisation's admin sees and edits it; the other trainer does not see it.
    expect((await http().get(url, d.acme.admin.token)).statusCode).toBe(200);
    const adminList = (await http().get(BASE, d.acme.admin.token)).json();
    expect(adminList.results.map((s: { id: number }) => s.id)).toContain(mine.id);
    expect((await http().get(url, d.t2.token)).statusCode).toBe(404);
    const t2List = (await http().get(BASE, d.t2.token)).json();
    expect(t2List.results.map((s: { id: number }) => s.id)).not.toContain(mine.id);
    // Another organisation's admin: 404 on every verb, nothing in their list.
    const g = d.globex.admin.token;
    expect((await http().get(url, g)).statusCode).toBe(404);
    expect((await http().patch(url, g, { active: false })).statusCode).toBe(404);
    expect((await http().del(url, g)).statusCode).toBe(404);
    expect((await http().get(BASE, g)).json().results).toEqual([]);
    // A learner may not schedule reports at all.
    expect((await http().get(BASE, d.acme.learner.token)).statusCode).toBe(403);
    expect((await http().patch(url, trainer.token, { name: 'Renamed' })).json().name).toBe(
      'Renamed',
    );
  });

  it('refuses recipients of another organisation and reports it cannot open', async () => {
    const admin = d.acme.admin.token;
    const foreign = await http().post(
      BASE,
      admin,
      schedule({ recipients: { users: [d.ids.LB], roles: [] } }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(JSON.stringify(foreign.json())).toContain('recipients.users');
    const none = await http().post(BASE, admin, schedule());
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain('users');
    const badRole = await http().post(
      BASE,
      admin,
      schedule({ recipients: { users: [], roles: [1] } }),
    );
    expect(badRole.statusCode).toBe(400);
    // A saved report that does not exist: the source field, 400.
    const missing = await http().post(
      BASE,
      admin,
      schedule({
        source: { kind: 'saved', id: 999_999 },
        recipients: { users: [d.acme.admin.user.id], roles: [] },
      }),
    );
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('source');
    // A filter outside the caller's organisation: refused as the widget's route refuses it.
    const outside = await http().post(
      BASE,
      d.acme.trainer.token,
      schedule({
        source: { kind: 'widget', widget: 'user-status', query: { organisation: d.globex.org.id } },
        recipients: { users: [d.acme.trainer.user.id], roles: [] },
      }),
    );
    expect(outside.statusCode).toBe(403);
  });
});
