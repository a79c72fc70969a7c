import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { useBrowser, waitForDashboard } from '../support/pages.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
/** A demo course (apps/server/src/features/demo), searched for with a letter missing. */
const COURSE = 'Effective Communication';
const MISSPELT = 'comunication';

/** Presses ArrowDown until the palette's active option is `name` (a to-do item may come first). */
async function moveTo(page: Page, name: string) {
  const box = page.getByRole('combobox', { name: 'Search' });
  for (let i = 0; i < 20; i++) {
    const active = await box.getAttribute('aria-activedescendant');
    const text = active ? await page.locator(`[id="${active}"]`).textContent() : null;
    if (text?.includes(name)) return;
    await box.press('ArrowDown');
  }
  throw new Error(`no option ${name}`);
}

describe('issue 23: global search', () => {
  it('Ctrl-K from the dashboard finds a misspelt course, and Enter opens it', async () => {
    const { page } = await signedInPage('admin', { ...DESKTOP, bypassCSP: true });
    const errors = collectPageErrors(page);
    await page.goto('/dashboard');
    await waitForDashboard(page);
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.waitFor();
    await box.fill(MISSPELT);
    const courses = page.getByRole('listbox', { name: 'Search results' }).getByRole('group', {
      name: 'Courses',
    });
    const option = courses.getByRole('option', { name: new RegExp(COURSE) });
    await option.waitFor();
    await saveScreenshot(page, 'search-palette-desktop', { fullPage: false });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await moveTo(page, COURSE);
    await box.press('Enter');
    await page.waitForURL(/\/courses\/course-detail\/\d+$/);
    await page.getByRole('heading', { level: 1, name: COURSE }).waitFor();
    expect(errors).toEqual([]);
  });

  it('"See all results" opens /search, where a kind pages on its own', async () => {
    const { page } = await signedInPage('admin', {
      ...DESKTOP,
      colorScheme: 'dark',
      bypassCSP: true,
    });
    await page.goto('/dashboard');
    await waitForDashboard(page);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('safety');
    const seeAll = page.getByRole('option', { name: 'See all results for “safety”' });
    await seeAll.click();
    await page.waitForURL(/\/search\?q=safety$/);
    const courses = page.getByRole('region', { name: 'Courses' });
    const course = courses.getByRole('link', { name: /Fire Safety Essentials/ });
    await course.waitFor();
    // The matched word is marked (the server's fragments, drawn as text in <mark>).
    expect(await course.locator('mark').allTextContents()).toEqual(['Safety']);
    await saveScreenshot(page, 'search-page-desktop-dark', { fullPage: true });

    await page
      .getByRole('group', { name: 'Kind' })
      .getByRole('button', { name: 'Courses' })
      .click();
    await page.waitForURL(/\/search\?q=safety&kind=course$/);
    await page
      .getByRole('region', { name: 'Courses' })
      .getByText(/\d+–\d+ of/)
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('fits a 360 px phone in dark mode, palette and page', async () => {
    const { page } = await signedInPage('learner', PHONE_DARK);
    await page.goto('/search?q=zzqqxx');
    await page.getByRole('heading', { name: 'No results for “zzqqxx”' }).waitFor();
    await expectFitsPhone(page, 'search-empty-phone-dark');

    await page.goto('/search?q=first+aid');
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await expectFitsPhone(page, 'search-page-phone-dark');

    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('combobox', { name: 'Search' }).fill('first aid');
    await page.getByRole('option', { name: /See all results/ }).waitFor();
    await saveScreenshot(page, 'search-palette-phone-dark', { fullPage: false });
  });
});
