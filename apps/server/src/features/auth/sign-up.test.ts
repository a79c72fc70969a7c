import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { login } from '../../../test/auth.ts';
import { makeOrganisation } from '../../../test/factories/index.ts';
import { startMailCatcher } from '../../../test/mail-catcher.ts';
import { memberships, users } from '../users/users.table.ts';

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
const signUp = (payload: Record<string, unknown>, headers: Record<string, string> = host) =>
  t.app.inject({ method: 'POST', url: '/api/auth/users/', payload, headers });

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
    expect(res.json()).toMatchObject({ username: 'newcomer', email: 'newcomer@example.test' });
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

  it('answers 409 for a taken user name or e-mail, in any case', async () => {
    const name = await signUp({ ...newcomer, username: 'NEWCOMER', email: 'other@example.test' });
    expect([name.statusCode, name.json().message]).toEqual([
      409,
      'A user with that username already exists.',
    ]);
    const email = await signUp({ ...newcomer, username: 'other', email: 'NewComer@Example.test' });
    expect([email.statusCode, email.json().message]).toEqual([
      409,
      'A user with that e-mail address already exists.',
    ]);
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
