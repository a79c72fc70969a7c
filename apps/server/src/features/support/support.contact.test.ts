import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { mailOutbox } from '../../core/mail/mail-outbox.table.ts';
import { contactMessages } from '../../schema/support.table.ts';
import { CONTACT_PER_ADDRESS_PER_HOUR } from './support.routes.ts';

/*
 * The contact form over HTTP: signed out it reaches the domain's organisation (else the default
 * one), signed in the caller's; the admins are mailed; a filled honeypot is answered like a person
 * but kept nowhere; a flood from one address is refused; oversized fields are refused; and the
 * admins' list and handled mark stay within their organisation.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
let acme: Staff;
let globex: Staff;
let address = 0;

const CONTACT = '/api/support/contact/';
const valid = {
  name: 'Ada Visitor',
  email: 'ada@example.com',
  subject: 'How do I join?',
  message: 'Hello, how do I get an account?',
};

/** Each call from an address of its own, so the per-address limit only bites where meant to. */
function send(body: unknown, options: { token?: string; host?: string; ip?: string } = {}) {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: CONTACT,
    payload: body as Record<string, unknown>,
    remoteAddress: options.ip ?? `10.0.${Math.floor(address / 250)}.${address % 250}`,
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.host ? { host: options.host } : {}),
    },
  });
}

const stored = () => t.database.db.select().from(contactMessages);

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config, {
    domainUrl: 'learn.globex.test',
  });
}, 60_000);
afterAll(() => t?.close());

describe('sending', () => {
  it('works signed out: to the default organisation, and its admins are mailed', async () => {
    const res = await send({ ...valid, subject: 'Signed out default' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    const [row] = (await stored()).filter((r) => r.subject === 'Signed out default');
    expect(row).toMatchObject({ organisationId: acme.org.id, userId: null, name: 'Ada Visitor' });

    await t.app.ctx.jobs.drain();
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, acme.admin.user.email));
    expect(mails.some((m) => m.subject.includes('Signed out default'))).toBe(true);
    const toGlobex = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, globex.admin.user.email));
    expect(toGlobex).toHaveLength(0);
  });

  it('signed out on an organisation’s domain reaches that organisation', async () => {
    const res = await send({ ...valid, subject: 'Via domain' }, { host: 'learn.globex.test' });
    expect(res.statusCode).toBe(201);
    const [row] = (await stored()).filter((r) => r.subject === 'Via domain');
    expect(row?.organisationId).toBe(globex.org.id);
  });

  it('signed in reaches the caller’s organisation, whatever the domain', async () => {
    const res = await send(
      { ...valid, subject: 'Signed in' },
      { token: globex.learner.token, host: 'localhost' },
    );
    expect(res.statusCode).toBe(201);
    const [row] = (await stored()).filter((r) => r.subject === 'Signed in');
    expect(row).toMatchObject({ organisationId: globex.org.id, userId: globex.learner.user.id });
  });

  it('answers a filled honeypot like a person, but keeps and mails nothing', async () => {
    const before = (await stored()).length;
    const queued = async () =>
      (await t.database.db.select().from(jobs).where(eq(jobs.type, 'support.contact_received')))
        .length;
    const jobsBefore = await queued();
    const res = await send({ ...valid, subject: 'Bot', website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual((await send({ ...valid, subject: 'Person' })).json());
    const after = await stored();
    expect(after).toHaveLength(before + 1);
    expect(after.some((r) => r.subject === 'Bot')).toBe(false);
    // Only the person's message queued a mail.
    expect(await queued()).toBe(jobsBefore + 1);
  });

  it('refuses oversized and invalid fields with 400, storing nothing', async () => {
    const before = (await stored()).length;
    for (const body of [
      { ...valid, message: 'x'.repeat(5_001) },
      { ...valid, subject: 's'.repeat(201) },
      { ...valid, name: '' },
      { ...valid, email: 'not-an-address' },
      { ...valid, message: '<script>alert(1)</script>' },
      { ...valid, website: 'w'.repeat(501) },
    ]) {
      const res = await send(body);
      expect(res.statusCode).toBe(400);
    }
    // A body far beyond any valid form is refused before it is even parsed.
    expect((await send({ ...valid, message: 'x'.repeat(40_000) })).statusCode).toBe(413);
    expect(await stored()).toHaveLength(before);
  });

  it('limits one address to a few messages an hour (429)', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < CONTACT_PER_ADDRESS_PER_HOUR; i += 1) {
      expect((await send({ ...valid, subject: `Flood ${i}` }, { ip })).statusCode).toBe(201);
    }
    const refused = await send({ ...valid, subject: 'Flood over' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect((await stored()).some((r) => r.subject === 'Flood over')).toBe(false);
    // Another address is not held back.
    expect((await send({ ...valid, subject: 'Elsewhere' })).statusCode).toBe(201);
  });
});

describe('the admins’ list', () => {
  it('lists the organisation’s messages newest first, searches and marks them handled', async () => {
    const list = await http.get(`${CONTACT}?page_size=100`, acme.admin.token);
    expect(list.statusCode).toBe(200);
    const subjects = list.json().results.map((r: { subject: string }) => r.subject);
    expect(subjects).toContain('Signed out default');
    expect(subjects).not.toContain('Via domain');
    expect(subjects).not.toContain('Signed in');
    const ids = list.json().results.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));

    const found = (await http.get(`${CONTACT}?search=default`, acme.admin.token)).json();
    expect(found.count).toBe(1);
    const id = found.results[0].id;
    const marked = await http.patch(`${CONTACT}${id}/`, acme.admin.token, { handled: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ handled: true, handled_at: expect.any(String) });
    const open = (
      await http.get(`${CONTACT}?handled=false&page_size=100`, acme.admin.token)
    ).json();
    expect(open.results.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('refuses another organisation’s admin (404) and non-admins (403)', async () => {
    const [own] = (await stored()).filter((r) => r.subject === 'Via domain');
    const res = await http.patch(`${CONTACT}${own!.id}/`, acme.admin.token, { handled: true });
    expect(res.statusCode).toBe(404);
    const [row] = (await stored()).filter((r) => r.id === own!.id);
    expect(row?.handledAt).toBeNull();
    expect((await http.get(CONTACT, acme.learner.token)).statusCode).toBe(403);
    expect((await http.get(CONTACT, acme.trainer.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: CONTACT })).statusCode).toBe(401);
  });

  it('shows a superadmin every organisation’s messages', async () => {
    const all = (await http.get(`${CONTACT}?page_size=100`, acme.superadmin.token)).json();
    const subjects = all.results.map((r: { subject: string }) => r.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Signed out default', 'Via domain']));
  });
});
