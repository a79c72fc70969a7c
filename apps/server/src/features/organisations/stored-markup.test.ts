import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { call } from '../../../test/http.ts';
import { expectPlainTextRefused, MARKUP } from '../../../test/plain-text.ts';

/**
 * Issue 11, finding 11: the texts of organisations (theme, titles, addresses)
 * are plain text; markup is refused, never stored for another client to render.
 */
let t: TestApp;
let acme: Staff;
const base = '/api/v1/accounts';

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, {
    isDefault: true,
    domainUrl: 'acme.test',
  });
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH', url: string, token: string, body: object) =>
  call(t.app, method, `${base}/${url}`, { token, body });

describe('plain text in organisations refuses markup', () => {
  it('the theme welcome message, title and custom field; the public theme keeps the old one', async () => {
    const url = `organization-theme/${acme.org.id}/`;
    expectPlainTextRefused(
      await send('PATCH', url, acme.admin.token, { welcome_message: MARKUP }),
      'welcome_message',
    );
    expectPlainTextRefused(
      await send('PATCH', url, acme.admin.token, { title: '<b>Acme</b>' }),
      'title',
    );
    expectPlainTextRefused(
      await send('PATCH', url, acme.admin.token, { custom_field: '<!-- x -->' }),
      'custom_field',
    );
    const ok = await send('PATCH', url, acme.admin.token, { welcome_message: 'Learn > earn' });
    expect(ok.statusCode, ok.body).toBe(200);
    const pub = await t.app.inject({ url: `${base}/organization_content/?domain=acme.test` });
    expect(pub.json().welcome_message).toBe('Learn > earn');
  });

  it('the organisation title', async () => {
    expectPlainTextRefused(
      await send('POST', 'organization/', acme.superadmin.token, {
        title: '<script>alert(1)</script>',
        acronym: 'EVIL',
      }),
      'title',
    );
    expectPlainTextRefused(
      await send('PATCH', `organization/${acme.org.id}/`, acme.superadmin.token, { title: MARKUP }),
      'title',
    );
  });

  it('a location address', async () => {
    const dept = await send('POST', 'department-organization-map/', acme.admin.token, {
      organization: acme.org.id,
      name: 'Finance',
    });
    expect(dept.statusCode, dept.body).toBe(201);
    expectPlainTextRefused(
      await send('POST', 'master-organization-department-location/', acme.admin.token, {
        department: dept.json().id,
        name: 'Leeds',
        address: MARKUP,
      }),
      'address',
    );
  });
});
