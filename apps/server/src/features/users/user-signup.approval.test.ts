import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { login, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { api } from '../../../test/http.ts';
import { startMailCatcher } from '../../../test/mail-catcher.ts';
import { approvalRequests } from '../../schema/approvals.table.ts';
import { notifications } from '../../schema/notifications.table.ts';
import { users } from '../../schema/users.table.ts';

/*
 * Sign-ups through the approval flow (issue 14): a confirmed sign-up waits for the
 * organisation's admins as a user_signup request; deciding it there, or on the users list,
 * settles the account; an organisation that needs no approval lets people in as they confirm.
 */

let t: TestApp;
let acme: Staff;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
const host = { host: 'join.acme.test' };

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createTestApp({ env: { SMTP_URL: mail.url, AUTH_RATE_PER_MINUTE: '1000' } });
  acme = await makeOrganisationWithStaff(t.database.db, t.config, {
    domainUrl: 'join.acme.test',
    publicBaseUrl: 'https://join.acme.test',
  });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const drain = async () => {
  while ((await t.app.ctx.jobs.runDue()) > 0);
};

/** Signs up and follows the mailed link: the account is active and waits for approval. */
async function confirmedSignUp(username: string) {
  const password = 'Grass-Lantern-42';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/users/',
    headers: host,
    payload: {
      username,
      email: `${username}@example.test`,
      password,
      re_password: password,
      first_name: 'Sam',
      last_name: username,
    },
  });
  expect(res.statusCode).toBe(201);
  await t.app.ctx.jobs.drain();
  const text = (await mail.latestTo(`${username}@example.test`)).text;
  const [, uid, token] = /\/verify-email\/([^/\s]+)\/([^/\s]+)/.exec(text) ?? [];
  const activation = await t.app.inject({
    method: 'POST',
    url: '/api/auth/users/activation/',
    payload: { uid, token },
  });
  expect(activation.statusCode).toBe(200);
  const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
  return { user: user!, password };
}

async function signupRequestOf(userId: number) {
  const [row] = await t.database.db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.kind, 'user_signup'), eq(approvalRequests.subjectId, userId)));
  return row;
}

describe('sign-up approval', () => {
  it('waits for the admins; approving it lets the person in and tells them', async () => {
    const { user, password } = await confirmedSignUp('sam_approved');
    expect(user.approvalStatus).toBe(0);
    const request = await signupRequestOf(user.id);
    expect(request).toMatchObject({ status: 'pending', requesterId: user.id });

    const list = await api(t).get(
      '/api/approvalflow/approval-summary/?scope=to_approve&module=user_signup&status=pending',
      acme.admin.token,
    );
    expect(list.json().results.map((r: { id: number }) => r.id)).toContain(request!.id);
    const row = list.json().results.find((r: { id: number }) => r.id === request!.id);
    expect(row).toMatchObject({
      module_label: 'Account sign-up',
      subject: { title: 'Sam sam_approved (sam_approved@example.test)' },
      abilities: { approve: true, reject: true, withdraw: false },
    });
    // Not the trainer's to decide: they do not see it.
    const trainer = await api(t).get('/api/approvalflow/approval-summary/', acme.trainer.token);
    expect(trainer.json().results.map((r: { id: number }) => r.id)).not.toContain(request!.id);

    const decided = await api(t).patch(
      `/api/approvalflow/approve-reject/${request!.id}/`,
      acme.admin.token,
      { status: 1 },
    );
    expect(decided.statusCode).toBe(200);
    expect(decided.json().status).toBe('approved');
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.approvalStatus).toBe(1);
    await drain();
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, user.id), eq(notifications.type, 'user_approved')));
    expect(told).toHaveLength(1);
    const signIn = await login(t.app, { username: 'sam_approved', password }, host);
    expect(signIn.statusCode).toBe(200);
  });

  it('rejecting it refuses the account', async () => {
    const { user } = await confirmedSignUp('sam_refused');
    const request = await signupRequestOf(user.id);
    const decided = await api(t).patch(
      `/api/approvalflow/approve-reject/${request!.id}/`,
      acme.admin.token,
      { status: 2, comment: 'Not one of ours.' },
    );
    expect(decided.json()).toMatchObject({ status: 'rejected', comment: 'Not one of ours.' });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.approvalStatus).toBe(2);
  });

  it('approving on the users list closes the request with that decision', async () => {
    const { user } = await confirmedSignUp('sam_listed');
    const res = await api(t).patch(`/api/v1/accounts/user-action/${user.id}/`, acme.admin.token, {
      action: 'approve',
    });
    expect(res.statusCode).toBe(200);
    const request = await signupRequestOf(user.id);
    expect(request!.status).toBe('approved');
    const detail = await api(t).get(`/api/approvalflow/requests/${request!.id}/`, acme.admin.token);
    expect(detail.json().history.map((h: { action: string }) => h.action)).toEqual([
      'requested',
      'approved',
    ]);
    expect(detail.json().history[1].actor.id).toBe(acme.admin.user.id);
  });

  it('an organisation that needs no approval lets people in as they confirm', async () => {
    const off = await api(t).put('/api/approvalflow/approval-module/', acme.admin.token, {
      kind: 'user_signup',
      enabled: false,
    });
    expect(off.json()).toMatchObject({ kind: 'user_signup', enabled: false });
    try {
      const { user } = await confirmedSignUp('sam_open');
      expect(user.approvalStatus).toBe(1);
      expect((await signupRequestOf(user.id))!.status).toBe('approved');
    } finally {
      await api(t).put('/api/approvalflow/approval-module/', acme.admin.token, {
        kind: 'user_signup',
        enabled: true,
      });
    }
  });
});
