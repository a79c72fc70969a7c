import { ROLE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisation, makeUser } from '../../../test/factories/index.ts';
import { startMailCatcher } from '../../../test/mail-catcher.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { insertMembership } from './index.ts';

/**
 * Issue 11 finding 2 (reset-link poisoning) and 7 (mails from the queue): an
 * organisation admin controls its public_base_url, so it must never carry a
 * secret meant for a superadmin or for someone outside the organisation, and
 * the organisation is the request host's, never a body field's.
 */
let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let home: Awaited<ReturnType<typeof makeOrganisation>>;
let hostile: Awaited<ReturnType<typeof makeOrganisation>>;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({
    env: {
      SMTP_URL: mail.url,
      AUTH_RATE_PER_MINUTE: '1000',
      PUBLIC_BASE_URL: 'https://atrium.example',
    },
  });
  home = await makeOrganisation(t.database.db, {
    domainUrl: 'home.test',
    publicBaseUrl: 'https://home.test',
    isDefault: true,
  });
  // Its admin pointed the organisation's mail links at their own server.
  hostile = await makeOrganisation(t.database.db, {
    domainUrl: 'hostile.test',
    publicBaseUrl: 'https://attacker.example',
  });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const reset = (payload: Record<string, unknown>, host: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/users/custom_reset_password/',
    payload,
    headers: { host },
  });

const NEUTRAL =
  'If an account matches, we have sent a reset link and a code to its e-mail address.';
const settle = async () => {
  await t.app.ctx.jobs.drain();
  // Let a mail that would have been sent arrive at the catcher.
  await new Promise((r) => setTimeout(r, 200));
};
const mailsTo = (address: string) => mail.mails.filter((m) => m.to.includes(address));
const linkIn = (text: string) => /(https?:\/\/[^/\s]+)\/password\/reset\/confirm\//.exec(text)?.[1];

describe('reset links', () => {
  it("send a superadmin's link to PUBLIC_BASE_URL even from a host whose base URL is hostile", async () => {
    const sa = await makeUser(t.database.db, {
      organisationId: home.id,
      roleId: ROLE.SUPERADMIN,
      email: 'root@atrium.example',
    });
    const res = await reset({ email: sa.email }, 'hostile.test');
    expect([res.statusCode, res.json().message]).toEqual([200, NEUTRAL]);
    await settle();
    // Made a member (even admin) of the hostile organisation: still the install's URL.
    await insertMembership(t.database.db, {
      userId: sa.id,
      organisationId: hostile.id,
      roleId: ROLE.SUPERADMIN,
    });
    await reset({ email: sa.email }, 'hostile.test');
    await settle();
    const received = mailsTo(sa.email);
    expect(received).toHaveLength(2);
    for (const m of received) expect(linkIn(m.text)).toBe('https://atrium.example');
  });

  it("send a member's link to their organisation's own base URL", async () => {
    const member = await makeUser(t.database.db, { organisationId: home.id });
    await reset({ email: member.email }, 'home.test');
    await settle();
    expect(linkIn((await mail.latestTo(member.email)).text)).toBe('https://home.test');
  });

  it('refuse an organisation named in the body', async () => {
    const member = await makeUser(t.database.db, { organisationId: hostile.id });
    const res = await reset({ email: member.email, domain: 'hostile.test' }, 'home.test');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    await settle();
    expect(mailsTo(member.email)).toEqual([]);
  });

  it('send nothing to someone who is not a member of the host’s organisation, with the same answer', async () => {
    const outsider = await makeUser(t.database.db, { organisationId: hostile.id });
    const res = await reset({ email: outsider.email }, 'home.test');
    expect([res.statusCode, res.json().message]).toEqual([200, NEUTRAL]);
    await settle();
    expect(mailsTo(outsider.email)).toEqual([]);
  });

  it('go out from the job queue, after the answer, for known and unknown addresses alike', async () => {
    const member = await makeUser(t.database.db, { organisationId: home.id });
    await t.app.ctx.jobs.drain();
    const before = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.type, 'mail.password_reset'));
    const known = await reset({ email: member.email }, 'home.test');
    const unknown = await reset({ email: 'nobody-here@example.test' }, 'home.test');
    expect(unknown.json()).toEqual(known.json());
    // Answered, nothing sent yet: the work is queued.
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(member.email)).toEqual([]);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.type, 'mail.password_reset'));
    expect(queued.length - before.length).toBe(2);
    // No secret waits in the queue: the job makes the link and code when it runs.
    expect(JSON.stringify(queued.map((j) => j.payload))).not.toMatch(/confirm|otp|code/i);
    await settle();
    expect(mailsTo(member.email)).toHaveLength(1);
  });
});
