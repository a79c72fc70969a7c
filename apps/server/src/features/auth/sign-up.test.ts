import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { login } from '../../../test/auth.ts';
import { makeOrganisation } from '../../../test/factories/index.ts';
import { startMailCatcher } from '../../../test/mail-catcher.ts';
import { jobs } from '../../core/jobs/jobs.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import { SIGN_UP_ACCEPTED } from './sign-up.service.ts';

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ env: { SMTP_URL: mail.url, AUTH_RATE_PER_MINUTE: '1000' } });
  await makeOrganisation(t.database.db, {
    domainUrl: 'learn.acme.test',
    publicBaseUrl: 'https://learn.acme.test',
    isDefault: true,
  });
  await makeOrganisation(t.database.db, { domainUrl: 'closed.acme.test', allowSignup: false });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const host = { host: 'learn.acme.test' };
/** Mails go out from the job queue after the answer (issue 11): run it. */
async function signUp(payload: Record<string, unknown>, headers: Record<string, string> = host) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/users/', payload, headers });
  await t.app.ctx.jobs.drain();
  return res;
}

const newcomer = {
  username: 'newcomer',
  email: 'newcomer@example.test',
  password: 'Grass-Lantern-42',
  re_password: 'Grass-Lantern-42',
  first_name: 'New',
  last_name: 'Comer',
};

function linkParts(text: string, path: string) {
  const match = new RegExp(`(https?://[^\\s/]+)${path}/([^/\\s]+)/([^/\\s]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return { base: match[1]!, uid: match[2]!, token: match[3]! };
}

describe('sign-up and e-mail verification', () => {
  it('creates an inactive pending learner and mails a link on the organisation base URL, not the Host header', async () => {
    const res = await signUp(newcomer, {
      host: 'learn.acme.test',
      'x-forwarded-host': 'evil.test',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      username: 'newcomer',
      email: 'newcomer@example.test',
      message: SIGN_UP_ACCEPTED,
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'newcomer'));
    expect(user).toMatchObject({ isActive: false, approvalStatus: 0 });
    const [m] = await t.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, user!.id));
    expect(m!.roleId).toBe(4);

    const received = await mail.latestTo('newcomer@example.test');
    expect(received.subject).toContain('confirm your e-mail address');
    const link = linkParts(received.text, '/verify-email');
    expect(link.base).toBe('https://learn.acme.test');

    // Not before the link is followed.
    const early = await login(t.app, { username: 'newcomer', password: newcomer.password }, host);
    expect(early.statusCode).toBe(400);

    const activation = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users/activation/',
      payload: { uid: link.uid, token: link.token },
    });
    expect(activation.statusCode).toBe(200);
    const after = await login(t.app, { username: 'newcomer', password: newcomer.password }, host);
    expect(after.statusCode).toBe(200);

    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users/activation/',
      payload: { uid: link.uid, token: link.token },
    });
    expect([reused.statusCode, reused.json().message]).toEqual([
      400,
      'The activation link is invalid or has expired.',
    ]);
  });

  it('refuses a role, approval or organisation in the payload and writes nothing', async () => {
    for (const extra of [
      { role: 1 },
      { is_approved: true },
      { organisation: 1 },
      { is_active: true },
      // The organisation is the host's: a domain field would pick whose mail links are used.
      { domain: 'learn.acme.test' },
    ]) {
      const res = await signUp({
        ...newcomer,
        username: 'sneaky',
        email: 'sneaky@example.test',
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await t.database.db.select().from(users).where(eq(users.username, 'sneaky'))).toEqual(
      [],
    );
  });

  it('explains bad input field by field', async () => {
    const res = await signUp({
      username: 'a b',
      email: 'not-an-email',
      password: 'short',
      re_password: 'different',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'email',
      'password',
      're_password',
      'username',
    ]);
  });

  it('refuses a common password and one equal to the user name', async () => {
    const common = await signUp({
      ...newcomer,
      username: 'common1',
      email: 'c1@example.test',
      password: 'password123',
      re_password: undefined,
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors.password).toContain(
      'This password is too common. Choose one that is harder to guess.',
    );
    const same = await signUp({
      ...newcomer,
      username: 'Plain-Name-77',
      email: 'c2@example.test',
      password: 'plain-name-77',
      re_password: undefined,
    });
    expect(same.json().errors.password).toContain(
      'The password must not be the same as the user name.',
    );
  });

  it('refuses mismatched passwords', async () => {
    const res = await signUp({
      ...newcomer,
      username: 'mm',
      email: 'mm@example.test',
      re_password: 'Other-Lantern-42',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.re_password).toEqual(['The two passwords do not match.']);
  });

  it('answers a taken user name or e-mail like a new account, and tells only the owner', async () => {
    const fresh = await signUp({
      ...newcomer,
      username: 'fresh_one',
      email: 'fresh_one@example.test',
    });
    const name = await signUp({ ...newcomer, username: 'NEWCOMER', email: 'other@example.test' });
    const email = await signUp({ ...newcomer, username: 'other', email: 'NewComer@Example.test' });
    for (const res of [fresh, name, email]) expect(res.statusCode).toBe(201);
    // Same keys, same message: nothing tells the three apart.
    expect(Object.keys(name.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect([name.json().message, email.json().message]).toEqual([
      fresh.json().message,
      fresh.json().message,
    ]);
    const created = await t.database.db.select().from(users).where(eq(users.username, 'other'));
    expect(created).toEqual([]);

    // The owner of the address hears that someone tried, with the way to reset.
    const owner = await mail.latestTo('newcomer@example.test');
    expect(owner.subject).toContain('someone tried to sign up with your address');
    expect(owner.text).toMatch(/https:\/\/learn\.acme\.test\/password\/reset\//);
    expect(owner.text).not.toMatch(/confirm/);
    // A free address with a taken name is told to pick another name, no link, no account.
    const asker = await mail.latestTo('other@example.test');
    expect(asker.subject).toContain('your account was not created');
    expect(asker.text).toContain('NEWCOMER');
    expect(asker.text).not.toMatch(/https?:\/\//);
  });

  it('queues the verification mail instead of sending it inside the request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/users/',
      payload: { ...newcomer, username: 'queued1', email: 'queued1@example.test' },
      headers: host,
    });
    expect(res.statusCode).toBe(201);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.type, 'mail.sign_up_verification'))
      .orderBy(desc(jobs.id))
      .limit(1);
    expect(job?.status).toBe('queued');
    await new Promise((r) => setTimeout(r, 200));
    expect(mail.mails.filter((m) => m.to.includes('queued1@example.test'))).toEqual([]);
    await t.app.ctx.jobs.drain();
    expect((await mail.latestTo('queued1@example.test')).subject).toContain('confirm');
  });

  it('is closed where the organisation does not allow it', async () => {
    const res = await signUp(
      { ...newcomer, username: 'closed1', email: 'closed1@example.test' },
      { host: 'closed.acme.test' },
    );
    expect([res.statusCode, res.json().message]).toEqual([
      403,
      'Sign-up is closed for this organisation.',
    ]);
  });

  it('refuses a forged or garbled activation link', async () => {
    for (const payload of [
      { uid: 'MQ', token: 'forged-token' },
      { uid: '!!!', token: 'x' },
      { uid: Buffer.from('999999').toString('base64url'), token: 'x' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/users/activation/',
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
