import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, login, makeOrganisationWithStaff } from '../../../test/auth.ts';

/**
 * Issue 11 finding 13: a room of learners behind one NAT address signs in at
 * once. The tight limit counts per address and user name; a wide ceiling per
 * address still stops one address from spraying every name.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_PER_MINUTE: '2', AUTH_ADDRESS_RATE_PER_MINUTE: '6' },
  });
});
afterAll(() => t.close());

const attempt = (username: string) => login(t.app, { username, password: 'wrong-password' });

describe('sign-in limits', () => {
  it('lets many people sign in from one address, each name limited on its own', async () => {
    const statuses: number[] = [];
    for (const name of ['ann', 'bob', 'cyd', 'dee'])
      statuses.push((await attempt(name)).statusCode);
    // Four names from one address, more than AUTH_RATE_PER_MINUTE: none is refused for the address.
    expect(statuses).toEqual([400, 400, 400, 400]);
    // The same name, in another case and spacing, counts as the same name.
    expect((await attempt(' ANN ')).statusCode).toBe(400);
    const limited = await attempt('ann');
    expect([limited.statusCode, limited.json().message]).toEqual([
      429,
      'Too many requests. Please wait a moment and try again.',
    ]);
  });

  it('still caps one address whatever names it tries', async () => {
    // Six attempts so far from this address: the ceiling (6) is reached.
    const res = await attempt('eve');
    expect([res.statusCode, res.json()]).toEqual([
      429,
      { message: 'Too many requests. Please wait a moment and try again.' },
    ]);
  });
});

describe('the general API limit', () => {
  let office: TestApp;
  beforeAll(async () => {
    office = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => office.close());

  it('counts signed-in callers per session, so colleagues behind one address do not share it', async () => {
    const staff = await makeOrganisationWithStaff(office.database.db, office.config, {
      isDefault: true,
    });
    const statuses: number[] = [];
    for (const who of ['learner', 'trainer', 'admin'] as const) {
      for (let i = 0; i < 3; i++) {
        const res = await office.app.inject({
          url: '/api/v1/me/',
          headers: bearer(staff[who].token),
        });
        statuses.push(res.statusCode);
      }
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const fourth = await office.app.inject({
      url: '/api/v1/me/',
      headers: bearer(staff.learner.token),
    });
    expect(fourth.statusCode).toBe(429);
    // Anonymous callers (and invalid tokens) are still counted per address.
    const anonymous: number[] = [];
    for (let i = 0; i < 4; i++) {
      anonymous.push(
        (
          await office.app.inject({
            url: '/api/v1/accounts/organization_content/',
            headers: i % 2 ? { authorization: `Token forged-${i}` } : {},
          })
        ).statusCode,
      );
    }
    expect(anonymous).toEqual([200, 200, 200, 429]);
  });
});
