import { DEFAULT_THEME } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { makeOrganisation } from '../../../test/factories/index.ts';
import { organisationThemes } from '../../schema/organisations.table.ts';

const url = '/api/v1/accounts/organization_content/';

describe('GET organization_content', () => {
  it('answers the spec §9 default theme on an install with no organisation', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: `${url}?domain=anything.test` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: null,
        title: 'Atrium',
        ...DEFAULT_THEME,
        sso: null,
        organization: [],
      });
    } finally {
      await t.close();
    }
  });

  it("answers the domain's own theme, and the default organisation for any other host", async () => {
    const t = await createTestApp();
    try {
      const fallback = await makeOrganisation(t.database.db, {
        title: 'Default Org',
        isDefault: true,
        domainUrl: null,
      });
      const acme = await makeOrganisation(t.database.db, {
        title: 'Acme',
        acronym: 'ACME',
        domainUrl: 'learn.acme.test',
        ssoIssuerBaseUrl: 'https://id.acme.test/',
        ssoRealm: 'staff',
        ssoClientId: 'atrium-web',
        idleMode: 'logout',
        idleMinutes: 30,
      });
      await t.database.db
        .update(organisationThemes)
        .set({ headingColor: '#112233', welcomeMessage: 'Hello Acme' })
        .where((await import('drizzle-orm')).eq(organisationThemes.organisationId, acme.id));

      const own = (await t.app.inject({ url: `${url}?domain=LEARN.acme.test` })).json();
      expect(own).toMatchObject({
        id: acme.id,
        heading_color: '#112233',
        theme_color: DEFAULT_THEME.theme_color,
        welcome_message: 'Hello Acme',
        organization: [{ id: acme.id, title: 'Acme', acronym: 'ACME' }],
        idle: { mode: 'logout', minutes: 30 },
        sso: {
          issuer: 'https://id.acme.test/realms/staff',
          realm: 'staff',
          client_id: 'atrium-web',
        },
      });
      // Without ?domain the Host header decides.
      const byHost = (await t.app.inject({ url, headers: { host: 'learn.acme.test:443' } })).json();
      expect(byHost.id).toBe(acme.id);
      const other = (await t.app.inject({ url: `${url}?domain=localhost` })).json();
      expect(other).toMatchObject({ id: fallback.id, title: fallback.title, sso: null });
    } finally {
      await t.close();
    }
  });
});

describe('organisation links', () => {
  it("give the caller's organisation help-desk and meeting links, null when unset", async () => {
    const { createTestApp: make } = await import('../../../test/app.ts');
    const { bearer, makeOrganisationWithStaff } = await import('../../../test/auth.ts');
    const t = await make();
    try {
      const a = await makeOrganisationWithStaff(t.database.db, t.config, {
        helpDeskUrl: 'https://help.acme.test',
        meetingUrl: 'https://meet.acme.test/room',
      });
      const b = await makeOrganisationWithStaff(t.database.db, t.config);
      const help = await t.app.inject({
        url: '/api/v1/accounts/help_desk/',
        headers: bearer(a.learner.token),
      });
      expect(help.json()).toEqual({ result: 'https://help.acme.test' });
      const meet = await t.app.inject({
        url: '/api/v1/accounts/meeting_link/',
        headers: bearer(a.trainer.token),
      });
      expect(meet.json()).toEqual({ result: 'https://meet.acme.test/room' });
      const none = await t.app.inject({
        url: '/api/v1/accounts/help_desk/',
        headers: bearer(b.learner.token),
      });
      expect(none.json()).toEqual({ result: null });
    } finally {
      await t.close();
    }
  });
});
