import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, type DemoUser } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { saveScreenshot } from '../support/browser.ts';
import { useBrowser } from '../support/pages.ts';
import { userIdOf } from '../support/people.ts';

const { signedInPage } = useBrowser();
// Injecting axe-core is an inline script, which Atrium's CSP rightly forbids.
const CONTEXT = {
  bypassCSP: true,
  viewport: { width: 1366, height: 900 },
  reducedMotion: 'reduce' as const,
};

let learnerId = 0;
beforeAll(async () => {
  learnerId = await userIdOf(await apiSignIn('learner'));
});

interface Screen {
  name: string;
  user: DemoUser;
  path: () => string;
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string) => (page: Page) =>
  page.getByRole('heading', { level: 1, name }).waitFor();

/** Every screen of this issue, as the role that uses it, with what shows once it has settled. */
const SCREENS: Screen[] = [
  {
    name: 'settings',
    user: 'admin',
    path: () => '/settings',
    ready: (page) => page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).waitFor(),
  },
  {
    name: 'user-import',
    user: 'admin',
    path: () => '/user-import',
    ready: heading('Import users'),
  },
  {
    name: 'myprofile',
    user: 'learner',
    path: () => '/myprofile',
    ready: (page) => page.getByRole('region', { name: 'Education', exact: true }).waitFor(),
  },
  {
    name: 'new-profile',
    user: 'learner',
    path: () => '/newProfile',
    ready: (page) => page.getByRole('heading', { level: 2, name: 'About you' }).waitFor(),
  },
  {
    name: 'profile-by-id',
    user: 'admin',
    path: () => `/profile_by_id/${learnerId}`,
    ready: (page) => page.getByRole('list', { name: 'Recent sign-ins' }).waitFor(),
  },
  {
    name: 'organization',
    user: 'superadmin',
    path: () => '/organization',
    ready: (page) => page.getByRole('table', { name: 'Organisations' }).waitFor(),
  },
  {
    name: 'organization-profile',
    user: 'admin',
    path: () => '/organization/profile/26',
    ready: (page) => page.getByRole('region', { name: 'Departments' }).waitFor(),
  },
  {
    name: 'themes',
    user: 'admin',
    path: () => '/themes',
    ready: (page) => page.getByRole('button', { name: 'Save theme' }).waitFor(),
  },
  {
    name: 'licenses',
    user: 'superadmin',
    path: () => '/licenses',
    ready: (page) => page.getByRole('table', { name: 'Licence seats per organisation' }).waitFor(),
  },
];

describe('accessibility (axe-core) of the people and organisation screens', () => {
  for (const screen of SCREENS) {
    it(`has no serious or critical violations on ${screen.name}, light and dark`, async () => {
      const { page } = await signedInPage(screen.user, CONTEXT);
      await page.goto(screen.path());
      await screen.ready(page);
      await saveScreenshot(page, `a11y-${screen.name}-light`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.evaluate(() => localStorage.setItem('darkTheme', 'true'));
      await page.reload();
      await screen.ready(page);
      await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
      await saveScreenshot(page, `a11y-${screen.name}-dark`);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});
