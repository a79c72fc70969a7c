import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors } from '../support/browser.ts';
import { useBrowser } from '../support/pages.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

describe('issue 23: the user manual', () => {
  it('a trainer reads a manual page', async () => {
    const { page } = await signedInPage('trainer', { ...DESKTOP, bypassCSP: true });
    const errors = collectPageErrors(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'User Manual' }).click();
    await page.waitForURL(/\/user-manual$/);
    const list = page.getByRole('list', { name: 'Manual pages' });
    await list.getByText('Running a classroom session').waitFor();
    // Written for administrators only: not in a trainer's list.
    expect(await list.getByText('Managing users and imports').count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Search the manual' }).fill('check-in code');
    const results = page.getByRole('list', { name: 'Search results for check-in code' });
    await results.getByText('Running a classroom session').click();
    await page.waitForURL(/\/user-manual\/running-a-classroom-session#on-the-day$/);
    const section = page.getByRole('heading', { level: 2, name: 'On the day' });
    await expect.poll(() => section.evaluate((el) => el === document.activeElement)).toBe(true);

    const toc = page.getByRole('navigation', { name: 'On this page' });
    await toc.getByRole('link', { name: 'After the session' }).click();
    await page.waitForURL(/#after-the-session$/);
    await page
      .getByRole('list', { name: 'Screens this page covers' })
      .getByRole('link', { name: 'Classroom' })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('refuses a learner, and fits a 360 px phone', async () => {
    const learner = await signedInPage('learner', DESKTOP);
    await learner.page.goto('/user-manual/authoring-a-course');
    await learner.page.getByRole('heading', { name: 'The user manual is for staff' }).waitFor();

    const { page } = await signedInPage('admin', PHONE_DARK);
    await page.goto('/user-manual/managing-users-and-imports');
    await page.getByRole('heading', { level: 1, name: 'Managing users and imports' }).waitFor();
    await expectFitsPhone(page, 'user-manual-phone-dark');
  });
});
