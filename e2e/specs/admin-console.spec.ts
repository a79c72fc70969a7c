import { describe, expect, it } from 'vitest';
import { apiGet, apiSignIn } from '../support/accounts.ts';
import { collectPageErrors } from '../support/browser.ts';
import { useBrowser } from '../support/pages.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const CONVERSATIONS = '/api/messages/conversations/';

describe('issue 23: the superadmin console', () => {
  it('a superadmin sees the organisations and health, turns Messages off for an organisation and back on', async () => {
    const { page } = await signedInPage('superadmin', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Admin console' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin console' }).waitFor();

    const orgs = page.getByRole('table', { name: 'Organisations' });
    const demo = orgs.getByRole('row').filter({ hasText: 'Atrium Demo' });
    await demo.waitFor();
    // The demo has one account per role, all active: at least four users on seats.
    const activeUsers = Number(await demo.getByRole('cell').nth(1).textContent());
    expect(activeUsers).toBeGreaterThanOrEqual(4);

    await page.getByRole('tab', { name: 'Health' }).click();
    await page.waitForURL(/tab=health/);
    await page.getByText('Reachable').waitFor();
    await page.getByRole('heading', { name: 'Job queue' }).waitFor();
    await page.getByRole('heading', { name: 'Disk (file store)' }).waitFor();

    // A learner of the demo organisation has Messages before the switch.
    const learnerToken = await apiSignIn('learner');
    expect((await apiGet(CONVERSATIONS, learnerToken)).status).toBe(200);

    await page.getByRole('tab', { name: 'Organisations' }).click();
    await page.getByRole('button', { name: 'Features of Atrium Demo' }).click();
    await page.getByRole('heading', { name: 'Features of Atrium Demo' }).waitFor();
    const messages = page.getByRole('switch', { name: 'Messages' });
    expect(await messages.isChecked()).toBe(true);
    try {
      await messages.click();
      await expect.poll(() => messages.isChecked()).toBe(false);
      // The server refuses the feature's routes to the organisation's members…
      const refused = await apiGet(CONVERSATIONS, learnerToken);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        message: 'This feature is turned off for your organisation.',
      });
      // …and their menu no longer offers it.
      const learner = await signedInPage('learner', DESKTOP);
      await learner.page.goto('/dashboard');
      const nav = learner.page.getByRole('navigation', { name: 'Main menu' });
      await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Messages' }).count()).toBe(0);
    } finally {
      // Back on, whatever happened: the specs after this one use Messages.
      if (!(await messages.isChecked())) await messages.click();
      await expect.poll(() => messages.isChecked()).toBe(true);
    }
    expect((await apiGet(CONVERSATIONS, learnerToken)).status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('fits a 360 px phone in dark mode, and refuses an admin', async () => {
    const { page } = await signedInPage('superadmin', PHONE_DARK);
    await page.goto('/admin?tab=health');
    await page.getByText('Reachable').waitFor();
    await expectFitsPhone(page, 'admin-console-health-phone-dark');
    await page.goto('/admin');
    await page.getByRole('table', { name: 'Organisations' }).waitFor();
    await expectFitsPhone(page, 'admin-console-organisations-phone-dark');

    const adminToken = await apiSignIn('admin');
    expect((await apiGet('/api/admin/organisations/', adminToken)).status).toBe(403);
  });
});
