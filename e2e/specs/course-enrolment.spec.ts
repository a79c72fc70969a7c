import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors } from '../support/browser.ts';
import { call } from '../support/fixtures.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const PHONE_390 = {
  ...PHONE,
  viewport: { width: 390, height: 844 },
  reducedMotion: 'reduce' as const,
};

async function shot(page: Page, name: string) {
  await mkdir('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
}

interface Setup {
  courseId: number;
  title: string;
  /** A second learner of the demo organisation, for the assign dialog. */
  other: { id: number; name: string };
}

/** As the demo admin: a published self-enrol course with one module, and a new learner. */
async function setUp(): Promise<Setup> {
  const tag = uniqueTag();
  const admin = await apiSignIn('admin');
  const title = `Enrolment course ${tag}`;
  const course = await call<{ id: number }>('POST', '/api/courses/', admin, {
    title,
    description: '<p>Join and review.</p>',
    self_enrol: true,
  });
  await call('POST', `/api/courses/${course.id}/modules/`, admin, { title: 'Welcome' });
  await call('PATCH', `/api/courses/published/${course.id}/`, admin, { status: 'published' });
  const form = new FormData();
  const username = `enrol-${tag}`;
  form.append('username', username);
  form.append('email', `${username}@example.test`);
  form.append('first_name', 'Omar');
  form.append('last_name', `Assignee ${tag}`);
  form.append('role', '4');
  form.append('password', `Violet-Harbour-${tag}`);
  const user = await call<{ id: number; fullname: string }>(
    'POST',
    '/api/v1/accounts/add-user/',
    admin,
    form,
  );
  return { courseId: course.id, title, other: { id: user.id, name: user.fullname } };
}

describe('course enrolment, requests and reviews', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  }, 60_000);

  it('a learner requests a course, the admin approves it in /requests, the learner gets it', async () => {
    const { page } = await signedInPage('learner', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/unasssigned_course');
    await page.getByRole('heading', { level: 1, name: 'Find courses' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search by title' }).fill(setup.title);
    const card = page.getByRole('article', { name: setup.title });
    await card.waitFor();
    await shot(page, 'unassigned-courses-desktop');
    await card.getByRole('button', { name: `Request enrolment in ${setup.title}` }).click();
    await page.getByText('Enrolment requested. You will be told when it is decided.').waitFor();
    await card.getByText('Request pending').waitFor();

    await page.goto('/requests');
    await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
    const mine = page.getByRole('region', { name: /^My requests/ });
    const myRow = mine.getByRole('row').filter({ hasText: setup.title });
    await myRow.waitFor();
    expect(await myRow.textContent()).toContain('Pending');
    // The request's details offer the requester a withdrawal while it is pending.
    await myRow.getByRole('button', { name: new RegExp(`^Details of ${setup.title}`) }).click();
    await page.getByRole('button', { name: 'Withdraw', exact: true }).waitFor();
    await shot(page, 'requests-learner-desktop');
    await page.getByRole('button', { name: 'Close request details' }).click();

    const admin = await signedInPage('admin', { ...DESKTOP, colorScheme: 'dark' });
    await admin.page.goto('/requests');
    const toApprove = admin.page.getByRole('region', { name: /^To approve/ });
    const row = toApprove.getByRole('row').filter({ hasText: setup.title });
    await row.waitFor();
    await shot(admin.page, 'requests-admin-dark');
    await row.getByRole('button', { name: /^Approve / }).click();
    await admin.page.getByText('Request approved.').waitFor();
    await row.waitFor({ state: 'detached' });

    await page.goto('/asssigned_course');
    await page.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search by title' }).fill(setup.title);
    const mineCard = page.getByRole('article', { name: setup.title });
    await mineCard.waitFor();
    expect(await mineCard.textContent()).toContain('In progress');
    await shot(page, 'assigned-courses-desktop');
    await page.getByRole('button', { name: 'Completed' }).click();
    await mineCard.waitFor({ state: 'detached' });
    await page.getByText('No courses match these filters.').waitFor();
    expect(errors).toEqual([]);
  });

  it('the admin assigns a learner through the dialog and unassigns them', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto(`/all_assigned_courses_list/${setup.courseId}`);
    await page.getByRole('heading', { level: 1, name: `Learners of ${setup.title}` }).waitFor();
    const table = page.getByRole('table', { name: 'Learners' });
    await table.getByRole('row').filter({ hasText: 'Lena Learner' }).waitFor();

    await page.getByRole('button', { name: 'Assign learners' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign learners' });
    await dialog.getByRole('combobox', { name: 'Learners' }).fill(setup.other.name);
    await page.getByRole('option', { name: new RegExp(setup.other.name) }).click();
    await shot(page, 'assign-dialog-desktop');
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await dialog.getByText('1 learner assigned.').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const row = table.getByRole('row').filter({ hasText: setup.other.name });
    await row.waitFor();
    await shot(page, 'course-enrolments-desktop');
    await row.getByRole('button', { name: `Actions for ${setup.other.name}` }).click();
    await page.getByRole('menuitem', { name: 'Unassign' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unassign learner?' });
    await confirm.getByRole('button', { name: 'Unassign' }).click();
    await page.getByText('1 learner unassigned.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('the learner reviews the course once; a second post shows the server message', async () => {
    const first = await signedInPage('learner', DESKTOP);
    const stale = await signedInPage('learner', PHONE_390);
    for (const p of [first.page, stale.page]) await p.goto('/reviewlist');
    const formOf = (p: Page) => p.getByRole('form', { name: `Review of ${setup.title}` });
    await formOf(first.page).waitFor();
    await formOf(stale.page).waitFor();
    await shot(stale.page, 'review-list-phone');

    const form = formOf(first.page);
    // The stars are labels over visually hidden radios, as a pointer user clicks them.
    await form.locator('label', { hasText: /^4 stars/i }).click();
    await form.getByRole('textbox', { name: 'Comment (optional)' }).fill('Clear and practical.');
    await form.getByRole('button', { name: 'Post review' }).click();
    await first.page.getByText('Thank you for your review.').waitFor();
    await form.waitFor({ state: 'detached' });
    await first.page.getByRole('tab', { name: 'Written' }).click();
    await first.page.getByText('Clear and practical.').waitFor();
    await shot(first.page, 'review-list-written-desktop');

    // The second page still offers the form: the server refuses and the form says why.
    const again = formOf(stale.page);
    await again.locator('label', { hasText: /^2 stars/i }).click();
    await again.getByRole('button', { name: 'Post review' }).click();
    await again
      .getByRole('alert')
      .filter({ hasText: 'You have already reviewed this course.' })
      .waitFor();

    const admin = await signedInPage('admin', DESKTOP);
    await admin.page.goto(`/courses/course-review/${setup.courseId}`);
    await admin.page
      .getByRole('heading', { level: 1, name: `Reviews of ${setup.title}` })
      .waitFor();
    await admin.page.getByText('Clear and practical.').waitFor();
    await admin.page.getByText('4.0 out of 5 · 1 review').waitFor();
    await shot(admin.page, 'course-reviews-desktop');
    const phone = await signedInPage('admin', { ...PHONE_390, colorScheme: 'dark' });
    await phone.page.goto(`/courses/course-review/${setup.courseId}`);
    await phone.page.getByText('Clear and practical.').waitFor();
    await shot(phone.page, 'course-reviews-phone-dark');
    await phone.page.goto(`/all_assigned_courses_list/${setup.courseId}`);
    await phone.page.getByRole('table', { name: 'Learners' }).waitFor();
    await shot(phone.page, 'course-enrolments-phone-dark');
  });

  it("fits a phone: the learner's course, request and review screens", async () => {
    const { page } = await signedInPage('learner', PHONE_390);
    const errors = collectPageErrors(page);
    for (const [path, heading, name] of [
      ['/asssigned_course', 'My courses', 'assigned-courses-phone'],
      ['/unasssigned_course', 'Find courses', 'unassigned-courses-phone'],
      ['/requests', 'Requests', 'requests-learner-phone'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page
        .getByRole('status')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => {});
      await page.waitForLoadState('networkidle');
      // Nothing may be wider than the screen (tables scroll inside their own box).
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      await shot(page, name);
    }
    expect(errors).toEqual([]);
  });
});
