import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOidcProvider } from '../../apps/server/test/oidc.ts';
import { apiSignIn } from '../support/accounts.ts';
import { saveScreenshot } from '../support/browser.ts';
import { localStorageOf, useBrowser, waitForDashboard } from '../support/pages.ts';

// Single sign-on in the real browser against a real OpenID Connect provider
// (oidc-provider, Keycloak-style realm path), configured on the demo
// organisation for this file only.
const { newPage } = useBrowser();
const baseURL = inject('baseURL');
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let superadmin: string;

async function patchDefaultOrganisation(body: Record<string, unknown>) {
  const res = await fetch(`${baseURL}/api/v1/accounts/organization/26/`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Token ${superadmin}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`configuring SSO answered ${res.status}: ${await res.text()}`);
}

beforeAll(async () => {
  idp = await startOidcProvider('staff', [`${baseURL}/sso/callback`]);
  superadmin = await apiSignIn('superadmin');
  await patchDefaultOrganisation({
    sso_issuer_base_url: idp.base,
    sso_realm: 'staff',
    sso_client_id: 'atrium-web',
    sso_auto_provision: true,
  });
});
afterAll(async () => {
  // Other spec files share the demo organisation: put it back as it was.
  await patchDefaultOrganisation({
    sso_issuer_base_url: null,
    sso_realm: null,
    sso_client_id: null,
    sso_auto_provision: false,
  });
  await idp?.close();
});

describe('single sign-on', () => {
  it('signs a first-time user in through the provider (code + PKCE), provisions a learner, and signs out of both', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    // The provider's own sign-in form, then its consent screen.
    await page.waitForURL((url) => url.href.startsWith(idp.base));
    await page.locator('input[name="login"]').fill('sso_learner');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click();
    await waitForDashboard(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Sso_learner');
    const stored = await localStorageOf(page);
    expect(stored.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await (
      await fetch(`${baseURL}/api/v1/me/`, { headers: { authorization: `Token ${stored.token}` } })
    ).json();
    expect(me).toMatchObject({ username: 'sso_learner', login_from: 'sso', role: { id: 4 } });
    await saveScreenshot(page, 'sso-dashboard');

    // Signing out ends the provider session too: its sign-out page, then back to Atrium.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.href.startsWith(idp.base));
    await page.locator('button[autofocus], button[type="submit"]').first().click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect((await localStorageOf(page)).token).toBeUndefined();
    const revoked = await fetch(`${baseURL}/api/v1/me/`, {
      headers: { authorization: `Token ${stored.token}` },
    });
    expect(revoked.status).toBe(401);
    // With the provider session gone, single sign-on asks for credentials again.
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await page.locator('input[name="login"]').waitFor();
  });
});
