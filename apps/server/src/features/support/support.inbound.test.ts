import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { mailOutbox } from '../../core/mail/mail-outbox.table.ts';
import { supportTicketMessages } from '../../schema/support-tickets.table.ts';
import { stripQuoted } from './support.inbound.ts';
import { REPLY_ABOVE } from './support.tickets.mail.ts';

/*
 * Replies by e-mail: a raw mail answering the staff reply's Message-ID lands on its ticket as the
 * requester's reply; the Reply-To token works without threading headers; a stranger, a bad token
 * or a wrong secret is refused and writes nothing; with no secret configured the route is off.
 */

const SECRET = 'a-very-long-gateway-secret';
const INBOUND = '/api/support/inbound-mail/';
let t: TestApp;
let off: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;

function raw(headers: Record<string, string>, body: string) {
  return `${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;
}
const post = (
  app: TestApp,
  mail: string,
  secret: string | undefined = SECRET,
  type = 'message/rfc822',
) =>
  app.app.inject({
    method: 'POST',
    url: INBOUND,
    payload: mail,
    headers: { 'content-type': type, ...(secret ? { 'x-support-secret': secret } : {}) },
  });
const messagesOf = (ticketId: number) =>
  t.database.db
    .select()
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.ticketId, ticketId));

/** A ticket with one staff reply mailed out; its mail's headers. */
async function answeredTicket() {
  const ticket = (
    await http.form('POST', '/api/support/tickets/', acme.learner.token, [
      { name: 'subject', value: 'Certificate missing' },
      { name: 'category', value: 'certificates' },
      { name: 'description', value: 'I finished but got nothing.' },
    ])
  ).json();
  await http.form('POST', `/api/support/tickets/${ticket.id}/messages/`, acme.admin.token, [
    { name: 'body', value: 'Which course?' },
  ]);
  await t.app.ctx.jobs.drain();
  const mails = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, acme.learner.user.email));
  const mail = mails.find((m) => m.subject.startsWith(`[${ticket.reference}]`))!;
  return { ticket, headers: mail.headers!, text: mail.text };
}

beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_INBOUND_SECRET: SECRET } });
  off = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await off?.close();
});

describe('inbound mail', () => {
  it('threads a reply to the staff message onto its ticket, without the quoted history', async () => {
    const { ticket, headers, text } = await answeredTicket();
    expect(headers['Reply-To']).toMatch(
      new RegExp(`^support\\+${ticket.reference}\\.[0-9a-f]{20}@`),
    );
    expect(text.startsWith(REPLY_ABOVE)).toBe(true);
    const quoted = text
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\r\n');
    const res = await post(
      t,
      raw(
        {
          From: `Learner <${acme.learner.user.email}>`,
          To: 'support@atrium.local',
          Subject: `Re: [${ticket.reference}] Certificate missing`,
          'Message-ID': '<reply-1@mail.example>',
          'In-Reply-To': headers['Message-ID']!,
          References: `${headers.References} ${headers['Message-ID']}`,
        },
        `The Safety course.\r\n\r\nOn Mon, 2 Mar 2026, Support wrote:\r\n${quoted}`,
      ),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().ticket).toBe(ticket.reference);
    const thread = await messagesOf(ticket.id);
    expect(thread.at(-1)).toMatchObject({
      body: 'The Safety course.',
      via: 'email',
      fromStaff: false,
    });
    const now = (await http.get(`/api/support/tickets/${ticket.id}/`, acme.learner.token)).json();
    expect(now.status).toBe('open');
    // The gateway retrying the same mail writes nothing more.
    const again = await post(
      t,
      raw(
        {
          From: acme.learner.user.email,
          'Message-ID': '<reply-1@mail.example>',
          'In-Reply-To': headers['Message-ID']!,
        },
        'The Safety course.',
      ),
    );
    expect(again.json().message_id).toBe(res.json().message_id);
    expect(await messagesOf(ticket.id)).toHaveLength(thread.length);
  });

  it('finds the ticket by the Reply-To token when the threading headers are gone', async () => {
    const { ticket, headers } = await answeredTicket();
    const res = await post(
      t,
      raw(
        { From: acme.learner.user.email, To: headers['Reply-To']!, Subject: 'Re: hello' },
        'Here it is.',
      ),
      SECRET,
      'text/plain',
    );
    expect(res.statusCode).toBe(201);
    expect((await messagesOf(ticket.id)).at(-1)?.body).toBe('Here it is.');
  });

  it('refuses a stranger, a forged token, an unknown thread and a wrong secret; writes nothing', async () => {
    const { ticket, headers } = await answeredTicket();
    const before = (await messagesOf(ticket.id)).length;
    const stranger = await post(
      t,
      raw(
        { From: 'mallory@evil.example', 'In-Reply-To': headers['Message-ID']! },
        'Give me access',
      ),
    );
    expect(stranger.statusCode).toBe(403);
    const forged = headers['Reply-To']!.replace(/\.[0-9a-f]{20}@/, '.0123456789abcdef0123@');
    const badToken = await post(t, raw({ From: acme.learner.user.email, To: forged }, 'Hi'));
    expect(badToken.statusCode).toBe(404);
    const guessed = await post(
      t,
      raw(
        { From: acme.learner.user.email, 'In-Reply-To': `<ticket.${'0'.repeat(32)}@atrium.local>` },
        'Hi',
      ),
    );
    expect(guessed.statusCode).toBe(404);
    const wrongSecret = await post(
      t,
      raw({ From: acme.learner.user.email, 'In-Reply-To': headers['Message-ID']! }, 'Hi'),
      'not-the-secret',
    );
    expect(wrongSecret.statusCode).toBe(401);
    expect((await post(t, raw({ From: acme.learner.user.email }, 'Hi'), '')).statusCode).toBe(401);
    expect(await messagesOf(ticket.id)).toHaveLength(before);
  });

  it('is off without a configured secret', async () => {
    const res = await post(off, raw({ From: 'a@b.example' }, 'Hi'), SECRET);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/SUPPORT_INBOUND_SECRET/);
  });

  it('cuts the quoted history at the usual markers', () => {
    expect(stripQuoted('Thanks!\n\n-----Original Message-----\nFrom: x')).toBe('Thanks!');
    expect(stripQuoted(`Yes\n> ${REPLY_ABOVE}\n> old`)).toBe('Yes');
    expect(stripQuoted('Fine\nOn Tue, 3 Mar 2026 at 10:00, Support <s@x>\nwrote:\n> a')).toBe(
      'Fine',
    );
  });
});
