import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { PNG } from '../../../test/factories/catalogue.ts';
import { api, type FormParts } from '../../../test/http.ts';
import { mailOutbox } from '../../core/mail/mail-outbox.table.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { supportTickets } from '../../schema/support-tickets.table.ts';

/*
 * Tickets over HTTP: the lifecycle (open → staff reply → pending → requester reply → open →
 * resolved → closed), references per organisation, notes the requester never sees (nor their
 * files), another organisation's admin getting 404, attachments checked by their bytes, the
 * queue's filters, and who is told what (mails to the requester, notifications to staff).
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;

const TICKETS = '/api/support/tickets/';
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'binary'),
  Buffer.alloc(200, 1),
]);

function open(token: string, extra: FormParts = []) {
  return http.form('POST', TICKETS, token, [
    { name: 'subject', value: 'Cannot open my course' },
    { name: 'category', value: 'courses' },
    { name: 'description', value: 'The player stays blank.' },
    { name: 'page', value: '/course/12' },
    { name: 'browser', value: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' },
    ...extra,
  ]);
}
const reply = (id: number, token: string, body: string, internal = false) =>
  http.form('POST', `${TICKETS}${id}/messages/`, token, [
    { name: 'body', value: body },
    ...(internal ? [{ name: 'internal', value: 'true' }] : []),
  ]);

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
}, 60_000);
afterAll(() => t?.close());

describe('opening', () => {
  it('numbers references per organisation with the support code', async () => {
    const a1 = (await open(acme.learner.token)).json();
    const a2 = (await open(acme.trainer.token)).json();
    const g1 = (await open(globex.learner.token)).json();
    const n = (ref: string) => Number(ref.split('-')[1]);
    expect(a1.reference).toMatch(/^UKSC-\d{6}$/);
    expect(n(a2.reference)).toBe(n(a1.reference) + 1);
    expect(g1.reference).toBe('UKSC-000001');
    expect(a1).toMatchObject({
      status: 'open',
      priority: 'normal',
      page: '/course/12',
      browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
      organisation: { id: acme.org.id },
    });
    expect(a1.sla.due_at).toBe(a1.sla.first_response_due_at);
  });

  it('gives distinct numbers to tickets opened at once', async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => open(acme.learner.token)));
    const refs = all.map((r) => r.json().reference);
    expect(new Set(refs).size).toBe(6);
  });

  it('refuses bad fields with field errors', async () => {
    const res = await http.form('POST', TICKETS, acme.learner.token, [
      { name: 'subject', value: '' },
      { name: 'category', value: 'weather' },
      { name: 'description', value: 'x' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['subject', 'category']));
  });

  it('keeps a PNG screenshot and refuses an .exe renamed .png', async () => {
    const ok = await open(acme.learner.token, [
      { name: 'attachments', filename: 'screen.png', content: PNG, type: 'image/png' },
    ]);
    expect(ok.statusCode).toBe(201);
    const ticket = ok.json();
    expect(ticket.attachments).toEqual([
      expect.objectContaining({ name: 'screen.png', content_type: 'image/png' }),
    ]);
    const file = await http.get(
      `${TICKETS}${ticket.id}/attachments/${ticket.attachments[0].id}/`,
      acme.learner.token,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // Another organisation's admin does not get the file either.
    expect(
      (
        await http.get(
          `${TICKETS}${ticket.id}/attachments/${ticket.attachments[0].id}/`,
          globex.admin.token,
        )
      ).statusCode,
    ).toBe(404);

    const before = (await t.database.db.select().from(supportTickets)).length;
    const bad = await open(acme.learner.token, [
      { name: 'attachments', filename: 'screen.png', content: EXE, type: 'image/png' },
    ]);
    expect(bad.statusCode).toBe(415);
    expect((await t.database.db.select().from(supportTickets)).length).toBe(before);
  });
});

describe('the conversation', () => {
  it('runs the lifecycle, mails the requester and tells staff', async () => {
    const ticket = (await open(acme.learner.token)).json();
    await t.app.ctx.jobs.drain();
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, acme.admin.user.id),
          eq(notifications.subjectId, ticket.id),
        ),
      );
    expect(told.map((n) => n.type)).toEqual(['support_ticket_opened']);

    const staffReply = await reply(ticket.id, acme.admin.token, 'Please clear the cache.');
    expect(staffReply.statusCode).toBe(201);
    expect(staffReply.json()).toMatchObject({ from_staff: true, internal: false });
    let now = (await http.get(`${TICKETS}${ticket.id}/`, acme.learner.token)).json();
    expect(now.status).toBe('pending');
    expect(now.sla.first_responded_at).not.toBeNull();
    expect(now.sla.due_at).toBe(now.sla.resolution_due_at);

    await t.app.ctx.jobs.drain();
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, acme.learner.user.email));
    expect(mail!.subject).toBe(`[${ticket.reference}] Cannot open my course`);
    expect(mail!.text).toContain('Please clear the cache.');
    expect(mail!.headers!['Message-ID']).toMatch(/^<ticket\.[0-9a-f]{32}\.\d+@/);
    expect(mail!.headers!['In-Reply-To']).toMatch(/^<ticket\.[0-9a-f]{32}@/);

    expect((await reply(ticket.id, acme.learner.token, 'Still blank.')).statusCode).toBe(201);
    now = (await http.get(`${TICKETS}${ticket.id}/`, acme.learner.token)).json();
    expect(now.status).toBe('open');
    await t.app.ctx.jobs.drain();
    const replied = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'support_ticket_replied'),
          eq(notifications.subjectId, ticket.id),
        ),
      );
    expect(replied.map((n) => n.recipientId)).toEqual([acme.admin.user.id]);

    const resolved = await http.patch(`${TICKETS}${ticket.id}/`, acme.admin.token, {
      status: 'resolved',
    });
    expect(resolved.json()).toMatchObject({ status: 'resolved', sla: { due_at: null } });
    await t.app.ctx.jobs.drain();
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, acme.learner.user.email));
    expect(mails.some((m) => m.text.includes('marked resolved'))).toBe(true);
    // Learner replies only went to staff: the requester got two mails (staff reply, resolved).
    expect(mails.filter((m) => m.subject.startsWith(`[${ticket.reference}]`))).toHaveLength(2);

    // The requester may close but not reopen by PATCH, nor touch priority or assignee.
    expect(
      (await http.patch(`${TICKETS}${ticket.id}/`, acme.learner.token, { priority: 'urgent' }))
        .statusCode,
    ).toBe(403);
    const closed = await http.patch(`${TICKETS}${ticket.id}/`, acme.learner.token, {
      status: 'closed',
    });
    expect(closed.json().status).toBe('closed');
    expect((await reply(ticket.id, acme.learner.token, 'One more thing')).statusCode).toBe(409);
  });

  it('hides internal notes and their files from the requester', async () => {
    const ticket = (await open(acme.learner.token)).json();
    const note = await http.form('POST', `${TICKETS}${ticket.id}/messages/`, acme.admin.token, [
      { name: 'body', value: 'Looks like their SCORM package is broken.' },
      { name: 'internal', value: 'true' },
      { name: 'attachments', filename: 'log.png', content: PNG, type: 'image/png' },
    ]);
    expect(note.statusCode).toBe(201);
    const noteFile = note.json().attachments[0].id;
    const asStaff = (await http.get(`${TICKETS}${ticket.id}/`, acme.admin.token)).json();
    expect(asStaff.messages.map((m: { internal: boolean }) => m.internal)).toEqual([true]);
    const asRequester = (await http.get(`${TICKETS}${ticket.id}/`, acme.learner.token)).json();
    expect(asRequester.messages).toEqual([]);
    expect(JSON.stringify(asRequester)).not.toContain('SCORM package');
    expect(
      (await http.get(`${TICKETS}${ticket.id}/attachments/${noteFile}/`, acme.learner.token))
        .statusCode,
    ).toBe(404);
    // A note changes no status and mails nobody.
    expect(asStaff.status).toBe('open');
    expect((await reply(ticket.id, acme.learner.token, 'x', true)).statusCode).toBe(403);
  });
});

describe('the queue and who sees what', () => {
  it('gives another organisation’s admin 404 everywhere', async () => {
    const ticket = (await open(acme.learner.token)).json();
    for (const res of [
      await http.get(`${TICKETS}${ticket.id}/`, globex.admin.token),
      await http.patch(`${TICKETS}${ticket.id}/`, globex.admin.token, { status: 'closed' }),
      await reply(ticket.id, globex.admin.token, 'Hi'),
      await http.get(`${TICKETS}${ticket.id}/assignees/`, globex.admin.token),
      await http.get(`${TICKETS}${ticket.id}/`, acme.trainer.token),
    ])
      expect(res.statusCode).toBe(404);
    const queue = (
      await http.get('/api/support/queue/?state=all&page_size=100', globex.admin.token)
    ).json();
    expect(
      queue.results.every(
        (r: { organisation: { id: number } }) => r.organisation.id === globex.org.id,
      ),
    ).toBe(true);
  });

  it('assigns to the organisation’s admins only, audits it, and filters the queue', async () => {
    const ticket = (await open(acme.learner.token)).json();
    const assignees = (
      await http.get(`${TICKETS}${ticket.id}/assignees/`, acme.admin.token)
    ).json();
    expect(assignees.map((a: { id: number }) => a.id)).toContain(acme.admin.user.id);
    expect(
      (
        await http.patch(`${TICKETS}${ticket.id}/`, acme.admin.token, {
          assignee_id: globex.admin.user.id,
        })
      ).statusCode,
    ).toBe(400);
    const assigned = await http.patch(`${TICKETS}${ticket.id}/`, acme.admin.token, {
      assignee_id: acme.admin.user.id,
      priority: 'urgent',
    });
    expect(assigned.json()).toMatchObject({
      assignee: { id: acme.admin.user.id },
      priority: 'urgent',
    });
    const audited = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.actorId, acme.admin.user.id));
    expect(audited.map((e) => e.action)).toEqual(
      expect.arrayContaining(['support.ticket_assigned', 'support.ticket_priority_changed']),
    );
    const q = (query: string) =>
      http.get(`/api/support/queue/?${query}`, acme.admin.token).then((r) => r.json());
    const mine = await q('assignee=me');
    expect(mine.results.map((r: { id: number }) => r.id)).toEqual([ticket.id]);
    // Urgent: first response due within the hour, so "breaching soon", and first in the queue.
    expect((await q('sla=breaching_soon')).results.map((r: { id: number }) => r.id)).toContain(
      ticket.id,
    );
    expect((await q('')).results[0].id).toBe(ticket.id);
    expect(
      (await q(`search=${ticket.reference}`)).results.map((r: { id: number }) => r.id),
    ).toEqual([ticket.id]);
    // The superadmin sees every organisation's queue, and may narrow it to one.
    const all = (
      await http.get(`/api/support/queue/?organisation=${globex.org.id}`, acme.superadmin.token)
    ).json();
    expect(
      all.results.every(
        (r: { organisation: { id: number } }) => r.organisation.id === globex.org.id,
      ),
    ).toBe(true);
    expect((await http.get('/api/support/queue/', acme.learner.token)).statusCode).toBe(403);
    // A learner's own list holds only their tickets.
    const own = (await http.get(`${TICKETS}?page_size=100`, acme.trainer.token)).json();
    expect(
      own.results.every(
        (r: { requester: { id: number } }) => r.requester.id === acme.trainer.user.id,
      ),
    ).toBe(true);
  });
});
