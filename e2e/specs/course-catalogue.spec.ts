import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { saveScreenshot } from '../support/browser.ts';
import { freshLearner } from '../support/content-player.ts';
import { call } from '../support/fixtures.ts';
import { useBrowser } from '../support/pages.ts';
import { uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const PHONE_DARK = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  colorScheme: 'dark' as const,
  reducedMotion: 'reduce' as const,
};

/** An 8×6 orange PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAEUlEQVR4nGM4UaGBFTEMpAQA5jNDgbfBAhwAAAAASUVORK5CYII=',
  'base64',
);

async function shot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage });
  await saveScreenshot(page, name, { fullPage });
}

/** A published course made through the API by the demo admin. */
async function publishedCourse(token: string, input: Record<string, unknown>) {
  const course = await call<{ id: number }>('POST', '/api/courses/', token, input);
  await call('POST', `/api/courses/${course.id}/modules/`, token, { title: 'Getting started' });
  await call('PATCH', `/api/courses/published/${course.id}/`, token, { status: 'published' });
  return course.id;
}

/** Waits for a course list request whose query has `key=value`. */
const listAnswered = (page: Page, key: string, value: string) =>
  page.waitForResponse(
    (r) =>
      r.url().includes('/api/courses/get-') && new URL(r.url()).searchParams.get(key) === value,
  );

describe('course catalogue', () => {
  it('lets an admin add a category with an image and find it in the list', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    const name = `Leadership ${uniqueTag()}`;
    // The demo seed gives a real catalogue (searched for: other specs add newer courses).
    await page.goto('/courses?search=Fire+Safety+Essentials');
    await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor();
    await page.getByRole('link', { name: /Fire Safety Essentials/ }).waitFor();
    await shot(page, 'catalogue-admin');
    await page.getByRole('link', { name: 'Categories' }).click();
    await page.getByRole('heading', { level: 1, name: 'Course categories' }).waitFor();

    await page.getByRole('button', { name: 'Add category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a category' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Leading teams well.');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'leadership.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await dialog.getByText('leadership.png').waitFor();
    await shot(page, 'category-dialog', false);
    await dialog.getByRole('button', { name: 'Add category' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('searchbox', { name: 'Search categories' }).fill(name);
    await page.waitForURL((url) => url.searchParams.get('search') === name);
    const card = page.getByRole('link', { name: new RegExp(`^${name}`) });
    await card.waitFor();
    expect(await card.textContent()).toContain('0 courses');
    const image = card.locator('img');
    await image.waitFor();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('searchbox', { name: 'Search categories' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await shot(page, 'categories');

    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('heading', { level: 1, name: `Edit ${name}` }).waitFor();
    await shot(page, 'category-edit');
    await page.getByRole('textbox', { name: 'Description' }).fill('Leading teams, kindly.');
    await page.getByRole('button', { name: 'Remove image' }).click();
    await page.getByText('The image will be removed when you save.').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === '/courses/course-category-detail');
    const edited = page.getByRole('link', { name: new RegExp(`^${name}`) });
    await edited.getByText('Leading teams, kindly.').waitFor();
    expect(await edited.locator('img').count()).toBe(0);

    // The seeded category lists its courses.
    await page.goto('/courses/course-category-detail');
    await page.getByRole('link', { name: /^Workplace Safety/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Workplace Safety' }).waitFor();
    await page.getByRole('link', { name: /First Aid at Work/ }).waitFor();
    expect(await page.getByRole('link', { name: /Effective Communication/ }).count()).toBe(0);
    await shot(page, 'category-courses');
  });

  it('lets a learner search, filter, open a course and request enrolment', async () => {
    const admin = await apiSignIn('admin');
    const tag = uniqueTag();
    const title = `Ladder Safety ${tag}`;
    const id = await publishedCourse(admin, {
      title,
      description: '<p>Climb <strong>safely</strong>.</p>',
      level: 'advanced',
      duration: 30,
      language: 'en',
      tags: ['heights', tag],
      self_enrol: true,
    });
    await publishedCourse(admin, { title: `Ladder Basics ${tag}`, level: 'beginner' });

    // A learner of their own: the demo learner is enrolled by other specs.
    const { page } = await signedInPage(await freshLearner(), DESKTOP);
    await page.goto('/courses');
    await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor();
    await page.getByText('You are not enrolled in a course yet.').waitFor();
    await page.getByRole('button', { name: 'Browse the catalogue' }).click();
    await page.getByRole('tab', { name: 'Catalogue', selected: true }).waitFor();
    // Newest first: the course just published leads the catalogue.
    await page.getByRole('link', { name: new RegExp(title) }).waitFor();

    let answered = listAnswered(page, 'search', `Ladder`);
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('Ladder');
    await answered;
    await page.getByRole('link', { name: new RegExp(`Ladder Basics ${tag}`) }).waitFor();
    answered = listAnswered(page, 'level', 'advanced');
    await page.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: 'Advanced' }).click();
    await answered;
    await page.getByRole('link', { name: new RegExp(`Ladder Basics ${tag}`) }).waitFor({
      state: 'detached',
    });
    const card = page.getByRole('link', { name: new RegExp(title) });
    await card.waitFor();
    // The filters live in the URL: a reload shows the same list.
    await page.reload();
    await card.waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search courses' }).inputValue()).toBe(
      'Ladder',
    );
    await shot(page, 'catalogue-learner-filtered');

    await card.click();
    await page.waitForURL(`**/courses/course-detail/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('safely').waitFor();
    await page.getByText('Getting started').waitFor();
    await page.getByText('No reviews yet').first().waitFor();
    await page.getByRole('button', { name: 'Request enrolment' }).click();
    await page.getByText('Request pending').waitFor();
    await page.reload();
    await page.getByText('Request pending').waitFor();
    expect(await page.getByRole('button', { name: 'Request enrolment' }).count()).toBe(0);
    await shot(page, 'course-detail-learner');
  });

  it('shows the server refusing to delete a category in use', async () => {
    const admin = await apiSignIn('admin');
    const name = `Busy ${uniqueTag()}`;
    const category = await call<{ id: number }>('POST', '/api/courses/categories/', admin, {
      name,
      description: 'Has a course.',
    });
    await call('POST', '/api/courses/', admin, { title: `In ${name}`, category: category.id });

    const { page } = await signedInPage('admin', DESKTOP);
    await page.goto(`/courses/course-category-detail?search=${encodeURIComponent(name)}`);
    await page.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this category?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog
      .getByText('This category is used by 1 course. Move it to another category first.')
      .waitFor();
    await shot(page, 'category-delete-refused', false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
  });

  it('renders the phone layout in dark mode and the admin overview', async () => {
    const { page } = await signedInPage('learner', PHONE_DARK);
    await page.goto('/courses?tab=catalogue&search=Fire+Safety+Essentials');
    await page.getByRole('link', { name: /Fire Safety Essentials/ }).waitFor();
    await shot(page, 'catalogue-phone-dark');
    await page.getByRole('link', { name: /Fire Safety Essentials/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Fire Safety Essentials' }).waitFor();
    await page.getByRole('button', { name: 'Request enrolment' }).waitFor();
    await page.getByText('No questions have been answered for this course yet.').waitFor();
    await page.getByText('No reviews yet').first().waitFor();
    await shot(page, 'course-detail-phone-dark');
    await page.goto('/courses/course-category-detail');
    await page.getByRole('link', { name: /^Workplace Safety/ }).waitFor();
    await shot(page, 'categories-phone-dark');

    const admin = await signedInPage('admin', DESKTOP);
    await admin.page.goto('/courses/admin-all-course-detail');
    await admin.page.getByRole('heading', { level: 1, name: 'Course overview' }).waitFor();
    await admin.page.getByRole('heading', { name: 'Courses by status' }).waitFor();
    await admin.page.locator('svg.MuiChartsSurface-root, .MuiChartsSurface-root').first().waitFor();
    await shot(admin.page, 'course-overview');
    await admin.page.goto('/courses/all-courses');
    await admin.page.getByRole('table', { name: 'Courses' }).getByRole('row').nth(1).waitFor();
    await shot(admin.page, 'all-courses');
  });
});
