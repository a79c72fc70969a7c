import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.ts';
import { saveScreenshot } from '../support/browser.ts';
import { useBrowser, waitForDashboard } from '../support/pages.ts';

const { newPage, signedInPage } = useBrowser();
// Injecting axe-core is an inline script, which Atrium's CSP rightly forbids.
const AXE_CONTEXT = { bypassCSP: true };

/** Every public screen of spec §2, with what shows once it has settled. */
const PUBLIC_SCREENS: { path: string; ready: (page: Page) => Promise<void> }[] = [
  ['/', 'Sign in'],
  ['/login', 'Sign in'],
  ['/sa', 'Super admin sign in'],
  ['/signup', 'Create an account'],
  ['/verify-email/MQ/not-a-real-token', 'This link does not work'],
  ['/password/recover', 'Trouble signing in?'],
  ['/password/reset/', 'Reset your password'],
  ['/password/reset/Otp/', 'Reset with a code'],
  ['/password/reset/confirm/MQ/some-token', 'Choose a new password'],
  ['/status', 'Atrium'],
  ['/no/such/page', 'Page not found'],
].map(([path, heading]) => ({
  path: path!,
  ready: (page: Page) => page.getByRole('heading', { level: 1, name: heading }).waitFor(),
}));

describe('accessibility (axe-core): no serious or critical violations', () => {
  for (const screen of PUBLIC_SCREENS) {
    it(`on ${screen.path}`, async () => {
      const page = await newPage(AXE_CONTEXT);
      await page.goto(screen.path);
      await screen.ready(page);
      await saveScreenshot(page, `public${screen.path.replace(/[^a-z0-9]+/gi, '-')}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  for (const mode of ['light', 'dark'] as const) {
    it(`on the dashboard in ${mode} mode`, async () => {
      const { page } = await signedInPage('admin', AXE_CONTEXT);
      if (mode === 'dark')
        await page.addInitScript(() => localStorage.setItem('darkTheme', 'true'));
      await page.goto('/dashboard');
      await waitForDashboard(page);
      await page
        .getByRole('region', { name: 'Your recent sign-ins' })
        .getByRole('listitem')
        .first()
        .waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  it('on the dashboard of an account awaiting approval', async () => {
    const { createActiveUser } = await import('../support/accounts.ts');
    const { page } = await signedInPage(await createActiveUser(), AXE_CONTEXT);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
