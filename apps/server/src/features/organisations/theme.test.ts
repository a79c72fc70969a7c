import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { bearer, makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { multipart } from '../../../test/multipart.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
const themeUrl = (id: number) => `/api/v1/accounts/organization-theme/${id}/`;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { domainUrl: 'acme.test' });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
});
afterAll(() => t.close());

const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe('theme editing', () => {
  it('an admin switches the colours and welcome message; the public theme shows them', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: themeUrl(acme.org.id),
      headers: bearer(acme.admin.token),
      payload: { heading_color: '#112233', button_color: '#009035', welcome_message: 'Hello Acme' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      heading_color: '#112233',
      button_color: '#009035',
      welcome_message: 'Hello Acme',
    });
    const pub = (
      await t.app.inject({ url: '/api/v1/accounts/organization_content/?domain=acme.test' })
    ).json();
    expect(pub.heading_color).toBe('#112233');
  });

  it('reads one organisation’s theme: admins their own, the superadmin any, others 404/403', async () => {
    const own = await t.app.inject({
      url: themeUrl(acme.org.id),
      headers: bearer(acme.admin.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: acme.org.id });
    expect(own.json()).toHaveProperty('heading_color');
    const other = await t.app.inject({
      url: themeUrl(acme.org.id),
      headers: bearer(globex.admin.token),
    });
    expect(other.statusCode).toBe(404);
    const sa = await t.app.inject({
      url: themeUrl(acme.org.id),
      headers: bearer(globex.superadmin.token),
    });
    expect(sa.statusCode).toBe(200);
    const learner = await t.app.inject({
      url: themeUrl(acme.org.id),
      headers: bearer(acme.learner.token),
    });
    expect(learner.statusCode).toBe(403);
  });

  it('refuses a malformed colour, learners, and other organisations', async () => {
    const bad = await t.app.inject({
      method: 'PATCH',
      url: themeUrl(acme.org.id),
      headers: bearer(acme.admin.token),
      payload: { heading_color: 'red' },
    });
    expect(bad.json().errors.heading_color).toEqual(['Use a colour such as #1295EE.']);
    const learner = await t.app.inject({
      method: 'PATCH',
      url: themeUrl(acme.org.id),
      headers: bearer(acme.learner.token),
      payload: { heading_color: '#000000' },
    });
    expect(learner.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: themeUrl(globex.org.id),
      headers: bearer(acme.admin.token),
      payload: { heading_color: '#000000' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('uploads a logo that the sign-in page can fetch without signing in, and replaces it', async () => {
    const form = multipart([
      { name: 'file', filename: 'logo.png', content: await png(), type: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${themeUrl(acme.org.id)}image/logo/`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(acme.admin.token) },
    });
    expect(res.statusCode).toBe(200);
    const logo = res.json().logo as string;
    expect(logo).toMatch(
      new RegExp(`^/api/v1/accounts/organization-theme/${acme.org.id}/image/logo/\\?v=`),
    );
    const img = await t.app.inject({ url: logo });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(40);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${themeUrl(acme.org.id)}image/logo/`,
      headers: bearer(acme.admin.token),
    });
    expect(removed.json().logo).toBeNull();
    expect((await t.app.inject({ url: logo })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image whatever its name says', async () => {
    const form = multipart([
      { name: 'file', filename: 'logo.png', content: Buffer.from('<script>alert(1)</script>') },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${themeUrl(acme.org.id)}image/logo/`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(acme.admin.token) },
    });
    expect([res.statusCode, res.json().message]).toEqual([
      415,
      'The file content does not match its .png extension.',
    ]);
    const svg = multipart([
      {
        name: 'file',
        filename: 'logo.svg',
        content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
    ]);
    const res2 = await t.app.inject({
      method: 'PUT',
      url: `${themeUrl(acme.org.id)}image/logo/`,
      payload: svg.payload,
      headers: { ...svg.headers, ...bearer(acme.admin.token) },
    });
    expect(res2.statusCode).toBe(415);
  });
});
