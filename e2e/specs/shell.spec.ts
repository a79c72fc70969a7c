import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiSignIn, type DemoUser, recordModuleTime } from '../support/accounts.ts';
import { saveScreenshot } from '../support/browser.ts';
import { localStorageOf, PHONE, useBrowser, waitForDashboard } from '../support/pages.ts';

const { newPage, signedInPage } = useBrowser();
const ROLES: DemoUser[] = ['superadmin', 'admin', 'trainer', 'learner'];
// Tall enough for the whole dashboard: a full-page picture cuts the fixed drawer at the fold.
// Reduced motion: the chart is drawn at once instead of growing, so the picture is of the data.
const DESKTOP = { viewport: { width: 1440, height: 1800 }, reducedMotion: 'reduce' as const };

beforeAll(async () => {
  // Real history through the real endpoint, so the dashboards have something to chart.
  for (const [index, role] of ROLES.entries()) {
    const token = await apiSignIn(role);
    await recordModuleTime(token, 'dashboard', 240 + index * 60);
    await recordModuleTime(token, 'courses', 1_500 - index * 120);
    await recordModuleTime(token, 'calendar', 420);
    await recordModuleTime(token, 'learning-path', 900 + index * 90);
  }
});

async function openAccountMenu(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  // Requests carries a live count of what waits for the caller (notifications spec): not its title.
  const texts = await menu.getByRole('menuitem').allInnerTexts();
  return texts.map((text) => text.replace(/\s*\d+\+?$/, ''));
}

describe('the dashboard of each role', () => {
  for (const role of ROLES) {
    it(`shows ${role}'s dashboard in light and dark mode`, async () => {
      const { page } = await signedInPage(role, DESKTOP);
      await page.goto('/dashboard');
      await waitForDashboard(page);
      await page
        .getByRole('region', { name: 'Your recent activity' })
        .locator('svg')
        .first()
        .waitFor();
      await page
        .getByRole('region', { name: 'Your recent sign-ins' })
        .getByRole('listitem')
        .first()
        .waitFor();
      if (role === 'admin' || role === 'superadmin') {
        await page
          .getByRole('region', { name: /Recent sign-ins/ })
          .getByText(role)
          .first()
          .waitFor();
      } else {
        expect(await page.getByRole('region', { name: /Recent sign-ins in your/ }).count()).toBe(0);
      }
      await saveScreenshot(page, `dashboard-${role}-light`);

      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
      // Out of the way of the toggle's tooltip before the picture.
      await page.mouse.move(700, 1500);
      await page.getByRole('tooltip').waitFor({ state: 'detached' });
      await saveScreenshot(page, `dashboard-${role}-dark`);
    });
  }
});

describe('the app shell (spec §2 layout)', () => {
  it('keeps dark mode across a reload, stored as a string', async () => {
    const { page } = await signedInPage('learner');
    await page.goto('/dashboard');
    await waitForDashboard(page);
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    expect((await localStorageOf(page)).darkTheme).toBe('true');
    await page.reload();
    await waitForDashboard(page);
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(15, 17, 21)');
  });

  it('shows each role its profile menu items and the notification bell', async () => {
    const { page: learner } = await signedInPage('learner');
    await learner.goto('/dashboard');
    await waitForDashboard(learner);
    expect(await learner.getByRole('button', { name: /^Notifications/ }).isVisible()).toBe(true);
    // Certificate is the learners' and User Manual is not (spec §2).
    expect(await openAccountMenu(learner)).toEqual([
      'My Profile',
      'Support',
      'Certificate',
      'Feedback',
      'Sign out',
    ]);

    const { page: superadmin } = await signedInPage('superadmin');
    await superadmin.goto('/dashboard');
    await waitForDashboard(superadmin);
    expect(await openAccountMenu(superadmin)).toEqual([
      'My Profile',
      'Support',
      'Requests',
      'User Manual',
      'Feedback',
      'Licenses',
      'Admin console',
      'Sign out',
    ]);
  });

  it('turns the header solid after 25 px of scroll and shows approver mode', async () => {
    const { page } = await signedInPage('admin', { viewport: { width: 1280, height: 500 } });
    await page.goto('/dashboard?requestflow=1');
    await waitForDashboard(page);
    const header = page.getByRole('banner');
    expect(await header.getAttribute('data-solid')).toBe('false');
    expect(await header.getByText('Approver mode').isVisible()).toBe(true);
    await page.mouse.wheel(0, 200);
    await page.waitForFunction(
      () => document.querySelector('header')?.getAttribute('data-solid') === 'true',
    );
  });

  it('opens the menu as a drawer on a 360 px phone without horizontal scrolling', async () => {
    const { page } = await signedInPage('admin', { ...PHONE, reducedMotion: 'reduce' });
    await page.goto('/dashboard');
    await waitForDashboard(page);
    await page
      .getByRole('region', { name: 'Your recent activity' })
      .locator('svg')
      .first()
      .waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    await saveScreenshot(page, 'dashboard-phone', { fullPage: false });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.waitFor();
    // The picture is taken once the drawer has finished sliding in.
    await page.waitForFunction(() => {
      const paper = document.querySelector('.MuiDrawer-modal .MuiDrawer-paper');
      return paper !== null && getComputedStyle(paper).transform === 'none';
    });
    await saveScreenshot(page, 'dashboard-phone-drawer', { fullPage: false });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await nav.waitFor({ state: 'hidden' });
  });

  it('reports the time spent in a module when the page unloads', async () => {
    const { page, token } = await signedInPage('trainer');
    await page.clock.install();
    await page.goto('/dashboard');
    await waitForDashboard(page);
    await page.clock.runFor('01:30');
    const before = Date.now();
    await page.goto('/status');
    await page.getByRole('heading', { name: 'System status' }).waitFor();

    let recorded: { time_spent: number; created_at: string }[] = [];
    for (let attempt = 0; attempt < 50 && recorded.length === 0; attempt++) {
      const response = await apiGet(
        '/api/v1/accounts/user-module-audit-history/?kind=module_time&page_size=5',
        token,
      );
      const body = (await response.json()) as { results: (typeof recorded)[number][] };
      recorded = body.results.filter((entry) => Date.parse(entry.created_at) >= before - 1_000);
      if (recorded.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recorded[0]?.time_spent).toBeGreaterThanOrEqual(90);
  });

  it('signs out: logout call, token gone from storage and cookie, last module remembered', async () => {
    const { page, token } = await signedInPage('learner');
    await page.goto('/dashboard');
    await waitForDashboard(page);
    await page.evaluate(() => localStorage.setItem('darkTheme', 'false'));
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    expect(new URL(page.url()).pathname).toBe('/');
    expect(await localStorageOf(page)).toEqual({
      darkTheme: 'false',
      lastActiveModule: '/dashboard',
    });
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'token')).toBeUndefined();
    expect((await apiGet('/api/v1/me/', token)).status).toBe(401);

    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });
});

describe('a fresh browser', () => {
  it('has nothing stored before signing in', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await localStorageOf(page)).toEqual({});
  });
});
