import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { auditEvents } from '../../schema/audit.table.ts';
import { organisations } from '../../schema/organisations.table.ts';

// Where mail links and single sign-on point is a superadmin decision (issue 11,
// finding 2): an admin who could set them could have reset links carry tokens
// to their own host, or make the server fetch any address.

let t: TestApp;
let acme: Staff;
const STORED = {
  publicBaseUrl: 'https://learn.acme.test',
  ssoIssuerBaseUrl: 'https://id.acme.test',
  ssoClientId: 'atrium',
};

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, STORED);
});
afterAll(() => t.close());

const patch = (token: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/accounts/organization/${acme.org.id}/`,
    headers: bearer(token),
    payload,
  });

const stored = async () =>
  (await t.database.db.select().from(organisations).where(eq(organisations.id, acme.org.id)))[0]!;

describe('organisation addresses', () => {
  it('an admin cannot change the public base URL or the identity provider, but may send them unchanged', async () => {
    for (const [field, value] of [
      ['public_base_url', 'https://attacker.test'],
      ['public_base_url', null],
      ['sso_issuer_base_url', 'http://127.0.0.1:8080'],
    ] as const) {
      const res = await patch(acme.admin.token, { title: 'Renamed', [field]: value });
      expect([res.statusCode, res.json()]).toEqual([
        403,
        { message: `Only a superadmin can change ${field}.` },
      ]);
    }
    expect(await stored()).toMatchObject({ ...STORED, title: acme.org.title });
    const res = await patch(acme.admin.token, {
      title: 'Acme Academy',
      public_base_url: STORED.publicBaseUrl,
      sso_issuer_base_url: STORED.ssoIssuerBaseUrl,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Acme Academy',
      public_base_url: STORED.publicBaseUrl,
    });
  });

  it('a superadmin changes them, audited with the old and new values', async () => {
    const res = await patch(acme.superadmin.token, {
      public_base_url: 'https://academy.acme.test',
      sso_issuer_base_url: 'https://login.acme.test',
    });
    expect(res.statusCode).toBe(200);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'organisation.changed'),
          eq(auditEvents.organisationId, acme.org.id),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: acme.superadmin.user.id,
      details: {
        changes: {
          public_base_url: { old: STORED.publicBaseUrl, new: 'https://academy.acme.test' },
          sso_issuer_base_url: { old: STORED.ssoIssuerBaseUrl, new: 'https://login.acme.test' },
        },
      },
    });
  });
});
