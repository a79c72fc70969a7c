import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors } from '../support/browser.ts';
import { call } from '../support/fixtures.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const PHONE_360 = {
  ...PHONE,
  viewport: { width: 360, height: 780 },
  reducedMotion: 'reduce' as const,
};

async function shot(page: Page, name: string, fullPage = false) {
  await mkdir('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage });
}

/** As the demo admin: a published self-enrol course with one module. */
async function publishedSelfEnrolCourse(): Promise<{ id: number; title: string }> {
  const admin = await apiSignIn('admin');
  const title = `Notified course ${uniqueTag()}`;
  const course = await call<{ id: number }>('POST', '/api/courses/', admin, {
    title,
    description: '<p>Request it and hear back.</p>',
    self_enrol: true,
  });
  await call('POST', `/api/courses/${course.id}/modules/`, admin, { title: 'Welcome' });
  await call('PATCH', `/api/courses/published/${course.id}/`, admin, { status: 'published' });
  return { id: course.id, title };
}

describe('the notification centre', () => {
  let course: { id: number; title: string };
  beforeAll(async () => {
    course = await publishedSelfEnrolCourse();
    // Earlier specs leave the demo learner notifications; the count starts from nothing.
    await call('PATCH', '/api/notify/', await apiSignIn('learner'));
  }, 60_000);

  it("the admin approves a request; the learner's bell rises live, and opening it goes to the course", async () => {
    const { page } = await signedInPage('learner', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/unasssigned_course');
    await page.getByRole('heading', { level: 1, name: 'Find courses' }).waitFor();
    const bell = page.getByRole('button', { name: /^Notifications/ });
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    await page.getByRole('searchbox', { name: 'Search by title' }).fill(course.title);
    const card = page.getByRole('article', { name: course.title });
    await card.getByRole('button', { name: `Request enrolment in ${course.title}` }).click();
    await card.getByText('Request pending').waitFor();
    // Survives only if the page is never reloaded.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    const admin = await signedInPage('admin', { ...DESKTOP, colorScheme: 'dark' });
    await admin.page.goto('/requests');
    // The profile menu's Requests entry counts what waits for the admin, this request included.
    await admin.page.getByRole('button', { name: /^Account menu/ }).click();
    await admin.page.getByRole('menuitem', { name: /^Requests, \d+ pending$/ }).waitFor();
    await admin.page.keyboard.press('Escape');
    const row = admin.page
      .getByRole('region', { name: /^To approve/ })
      .getByRole('row')
      .filter({ hasText: course.title });
    await row.getByRole('button', { name: /^Approve / }).click();
    await admin.page.getByText('Request approved.').waitFor();

    await page
      .getByRole('button', { name: 'Notifications, 1 unread' })
      .waitFor({ timeout: 10_000 });
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);

    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const popover = page.getByRole('dialog', { name: 'Latest notifications' });
    const item = popover.getByRole('link', {
      name: new RegExp(`Course enrolment: ${course.title}`),
    });
    await item.waitFor();
    expect(await item.textContent()).toContain('Unread');
    expect(await item.textContent()).toMatch(/approved/);
    // Past the popover's opening transition.
    await page.waitForTimeout(500);
    await shot(page, 'notifications-popover-desktop');
    // The popover keeps the focus inside while open.
    await page.keyboard.press('Tab');
    expect(await popover.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await item.click();
    await page.waitForURL(new RegExp(`/course/${course.id}$`));
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  it('lists, filters and marks notifications on /notifications, and fits a 360 px phone', async () => {
    const { page } = await signedInPage('learner', {
      ...PHONE_360,
      colorScheme: 'dark',
      // axe is injected as a script, which the CSP forbids otherwise.
      bypassCSP: true,
    });
    const errors = collectPageErrors(page);
    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const list = page.getByRole('region', { name: 'Notification list' });
    await list
      .getByRole('link', { name: new RegExp(`Course enrolment: ${course.title}`) })
      .waitFor();
    await page.getByRole('button', { name: 'Unread' }).click();
    await page.getByText('No notification matches these filters.').waitFor();
    expect(page.url()).toContain('read=unread');
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await list
      .getByRole('link', { name: new RegExp(`Course enrolment: ${course.title}`) })
      .waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await shot(page, 'notifications-page-phone-dark', true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/myprofile');
    const preferences = page.getByRole('region', { name: 'Notification preferences' });
    await preferences.getByRole('group', { name: 'Your request is decided' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await preferences.screenshot({ path: '/tmp/shots/notification-preferences-phone.png' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("lets an admin set the organisation's rules, which lock the members' choice", async () => {
    const { page } = await signedInPage('admin', { ...DESKTOP, bypassCSP: true });
    const errors = collectPageErrors(page);
    // The demo organisation (organisations spec).
    await page.goto('/organization/profile/26');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const defaults = page.getByRole('region', { name: 'Notification defaults' });
    const row = defaults.getByRole('group', { name: 'Your course is reviewed' });
    await row.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'notification-defaults-desktop', true);

    const rule = row.getByRole('combobox', { name: 'E-mail rule' });
    const before = (await rule.textContent()) ?? '';
    await rule.click();
    await page.getByRole('option', { name: 'Forced' }).click();
    await defaults.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification defaults saved.').waitFor();

    const learner = await signedInPage('learner', DESKTOP);
    await learner.page.goto('/myprofile');
    const mine = learner.page
      .getByRole('region', { name: 'Notification preferences' })
      .getByRole('group', { name: 'Your course is reviewed' });
    await mine.getByText(/^Set by your organisation/).waitFor();
    expect(await mine.getByRole('combobox', { name: 'E-mail' }).getAttribute('aria-disabled')).toBe(
      'true',
    );

    // Back as it was, for the other specs.
    await rule.click();
    await page.getByRole('option', { name: before }).click();
    await defaults.getByRole('button', { name: 'Save' }).click();
    // Saved: nothing is left to save.
    await defaults.getByRole('button', { name: 'Save', disabled: true }).waitFor();
    expect(errors).toEqual([]);
  });
});
