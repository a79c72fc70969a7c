import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { ffmpegClip, tinyPdf } from '../support/fixtures.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
// bypassCSP: axe-core is injected as an inline script, which Atrium's CSP forbids.
const DESKTOP = {
  viewport: { width: 1366, height: 900 },
  reducedMotion: 'reduce' as const,
  bypassCSP: true,
};
const PHONE_390 = {
  ...PHONE,
  viewport: { width: 390, height: 844 },
  reducedMotion: 'reduce' as const,
  bypassCSP: true,
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage });
  await saveScreenshot(page, name, { fullPage });
}

interface Learner {
  username: string;
  password: string;
  fullname: string;
}

/** A learner of the demo organisation with a password, added by the admin (Add user API). */
async function addLearner(adminToken: string, first: string, tag: string): Promise<Learner> {
  const username = `flow-${first.toLowerCase()}-${tag}`;
  const password = `Violet-Harbour-${tag}`;
  const form = new FormData();
  form.append('username', username);
  form.append('email', `${username}@example.test`);
  form.append('first_name', first);
  form.append('last_name', `Flow ${tag}`);
  form.append('role', '4');
  form.append('password', password);
  const response = await fetch(`${inject('baseURL')}/api/v1/accounts/add-user/`, {
    method: 'POST',
    headers: { authorization: `Token ${adminToken}` },
    body: form,
  });
  const body = (await response.json()) as { fullname: string };
  if (!response.ok)
    throw new Error(`add-user answered ${response.status}: ${JSON.stringify(body)}`);
  return { username, password, fullname: body.fullname };
}

/**
 * Waits for a snackbar and checks the page with axe while it is on screen: snackbars once failed
 * colour contrast. The pause lets it finish fading in, as axe weighs opacity.
 */
async function expectReadableSnackbar(page: Page, text: string) {
  await page.locator('.notistack-Snackbar').filter({ hasText: text }).waitFor();
  await page.waitForTimeout(500);
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const fileTitle = (page: Page) => page.locator('#player-file-title');
const percent = (page: Page) => page.getByTestId('course-percent').first();

/** Opens a module from the course editor and uploads one file to it through the file input. */
async function uploadToModule(
  page: Page,
  courseId: number,
  module: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.goto(`/courses/edit-course/${courseId}`);
  await page.getByRole('link', { name: new RegExp(module) }).click();
  await page.getByRole('heading', { level: 1, name: module }).waitFor();
  await page.locator('input[aria-label="Upload a file"]').setInputFiles(file);
}

describe('issue 6: a course from creation to completion and enrolment', () => {
  it('admin builds and assigns; learner completes and reviews; a request is approved', async () => {
    const tag = uniqueTag();
    const category = `Forklift Operations ${tag}`;
    const title = `Forklift basics ${tag}`;
    const reading = `Reading ${tag}`;
    const watching = `Watching ${tag}`;
    const pdfName = `checklist-${tag}.pdf`;
    const videoName = `walkthrough-${tag}.mp4`;
    const adminToken = await apiSignIn('admin');
    const first = await addLearner(adminToken, 'Ines', tag);
    const second = await addLearner(adminToken, 'Tomas', tag);

    // --- The admin: a category, then the course in it. ---
    const { page: admin } = await signedInPage('admin', DESKTOP);
    const adminErrors = collectPageErrors(admin);
    await admin.goto('/courses/course-category-detail');
    await admin.getByRole('heading', { level: 1, name: 'Course categories' }).waitFor();
    await admin.getByRole('button', { name: 'Add category' }).click();
    const categoryDialog = admin.getByRole('dialog', { name: 'Add a category' });
    await categoryDialog.getByRole('textbox', { name: 'Name' }).fill(category);
    await categoryDialog
      .getByRole('textbox', { name: 'Description' })
      .fill('Safe driving in the warehouse.');
    await categoryDialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'forklift.png', mimeType: 'image/png', buffer: PNG });
    await categoryDialog.getByRole('button', { name: 'Add category' }).click();
    await categoryDialog.waitFor({ state: 'hidden' });
    await admin.getByRole('searchbox', { name: 'Search categories' }).fill(category);
    await admin.getByRole('link', { name: new RegExp(`^${category}`) }).waitFor();

    await admin.goto('/courses/add-course');
    await admin.getByRole('heading', { level: 1, name: 'Add a course' }).waitFor();
    await admin.getByRole('textbox', { name: 'Title' }).fill(title);
    await admin.getByRole('textbox', { name: 'Description' }).click();
    await admin.keyboard.type('Checks before you drive, and a short walkthrough.');
    await admin.getByRole('combobox', { name: 'Category' }).click();
    await admin.getByRole('option', { name: category }).click();
    await admin.getByRole('button', { name: 'Create course' }).click();
    await admin.waitForURL(/\/courses\/edit-course\/\d+$/);
    const courseId = Number(admin.url().split('/').pop());
    await admin.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await admin.getByRole('combobox', { name: 'Category' }).textContent()).toContain(
      category,
    );

    for (const module of [reading, watching]) {
      await admin.getByRole('button', { name: 'Add module' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Add a module' });
      await dialog.getByRole('textbox', { name: 'Module title' }).fill(module);
      await dialog.getByRole('button', { name: 'Add module' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await admin.getByRole('link', { name: new RegExp(module) }).waitFor();
    }

    // --- One file per module, uploaded on the module page. ---
    await uploadToModule(admin, courseId, reading, {
      name: pdfName,
      mimeType: 'application/pdf',
      buffer: tinyPdf(`Checklist ${tag}`),
    });
    const files = admin.getByRole('list', { name: 'Module files in order' });
    await files.getByText(pdfName).waitFor();
    expect(await files.textContent()).toContain('Required');
    await uploadToModule(admin, courseId, watching, {
      name: videoName,
      mimeType: 'video/mp4',
      buffer: ffmpegClip({ seconds: 2, size: '320x240', audio: true }),
    });
    await files.getByText(videoName).waitFor();
    await shot(admin, 'flow-module-video');

    // --- Publish, then assign the first learner. ---
    await admin.goto(`/courses/edit-course/${courseId}`);
    await admin.getByRole('button', { name: 'Publish' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await admin.getByTestId('course-status').filter({ hasText: 'Published' }).waitFor();
    await shot(admin, 'flow-course-published');

    await admin.goto(`/all_assigned_courses_list/${courseId}`);
    await admin.getByRole('heading', { level: 1, name: `Learners of ${title}` }).waitFor();
    await admin.getByText('No learners yet. Assign some, or approve their requests.').waitFor();
    await admin.getByRole('button', { name: 'Assign learners' }).click();
    const assign = admin.getByRole('dialog', { name: 'Assign learners' });
    await assign.getByRole('combobox', { name: 'Learners' }).fill(first.fullname);
    await admin.getByRole('option', { name: new RegExp(first.fullname) }).click();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await assign.getByText('1 learner assigned.').waitFor();
    await assign.getByRole('button', { name: 'Done' }).click();
    const learners = admin.getByRole('table', { name: 'Learners' });
    await learners.getByRole('row').filter({ hasText: first.fullname }).waitFor();

    // --- The first learner: finds it in My courses and plays it through. ---
    const { page: learner } = await signedInPage(first, DESKTOP);
    const learnerErrors = collectPageErrors(learner);
    await learner.goto('/asssigned_course');
    await learner.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
    const myCard = learner.getByRole('article', { name: title });
    await myCard.waitFor();
    expect(await myCard.textContent()).toContain(category);
    expect(await myCard.textContent()).toContain('0%');
    await myCard.getByRole('link', { name: `Start ${title}` }).click();
    await learner.waitForURL((url) => url.pathname === `/course-module/${courseId}`);
    await learner.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => fileTitle(learner).textContent()).toBe(pdfName);
    await learner.locator(`iframe[title="${pdfName}"]`).waitFor();
    await expect.poll(() => percent(learner).textContent()).toBe('0%');

    await learner.getByRole('button', { name: 'Mark as complete' }).click();
    await expect.poll(() => percent(learner).textContent()).toBe('50%');
    const contents = learner.getByRole('navigation', { name: 'Course contents' });
    // Each module lists its file and status: the PDF done, the video still to watch.
    const item = (name: string) => contents.getByRole('button', { name: new RegExp(name) });
    expect(await item(pdfName).textContent()).toContain('PDF document · Completed');
    expect(await item(videoName).textContent()).toContain('Not started');

    await learner.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => fileTitle(learner).textContent()).toBe(videoName);
    const video = learner.locator('video');
    await video.waitFor();
    await learner.waitForFunction(
      () => (document.querySelector('video')?.readyState ?? 0) >= 1,
      undefined,
      { timeout: 20_000 },
    );
    // Skip to the last half second (Range requests let the browser seek) and play to the end,
    // muted as autoplay rules want.
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      element.currentTime = Math.max(0, element.duration - 0.5);
      await element.play();
    });
    await learner
      .getByText('Congratulations, you completed this course!')
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => percent(learner).textContent()).toBe('100%');
    await expect.poll(() => item(videoName).textContent()).toContain('Completed');
    expect(await contents.getByText('1 of 1 completed').count()).toBe(2);
    await shot(learner, 'flow-learner-completed');

    await learner.getByRole('button', { name: 'Write a review' }).click();
    const review = learner.getByRole('dialog', { name: 'Review this course' });
    await review.locator('label[for]').filter({ hasText: '5 stars' }).click();
    await review.getByLabel('Comment (optional)').fill(`Clear checklist ${tag}.`);
    await review.getByRole('button', { name: 'Post review' }).click();
    await expectReadableSnackbar(learner, 'Thank you for your review.');
    await review.waitFor({ state: 'hidden' });

    // My courses now shows the course completed.
    await learner.goto('/asssigned_course');
    await learner.getByRole('button', { name: 'Completed' }).click();
    await myCard.waitFor();
    expect(await myCard.textContent()).toContain('100%');
    await myCard.getByRole('link', { name: `Review ${title}` }).waitFor();
    expect(learnerErrors).toEqual([]);

    // The admin sees the review on the course's reviews page.
    await admin.goto(`/courses/course-review/${courseId}`);
    await admin.getByRole('heading', { level: 1, name: `Reviews of ${title}` }).waitFor();
    await admin.getByText(`Clear checklist ${tag}.`).waitFor();
    await admin.getByText('5.0 out of 5 · 1 review').waitFor();

    // --- The second learner, on a phone in dark mode: asks to join. ---
    const { page: other } = await signedInPage(second, { ...PHONE_390, colorScheme: 'dark' });
    const otherErrors = collectPageErrors(other);
    await other.goto('/unasssigned_course');
    await other.getByRole('heading', { level: 1, name: 'Find courses' }).waitFor();
    await other.getByRole('searchbox', { name: 'Search by title' }).fill(title);
    const joinCard = other.getByRole('article', { name: title });
    await joinCard.getByRole('button', { name: `Request enrolment in ${title}` }).click();
    await expectReadableSnackbar(
      other,
      'Enrolment requested. You will be told when it is decided.',
    );
    await joinCard.getByText('Request pending').waitFor();
    await shot(other, 'flow-request-phone-dark');

    // --- The admin approves it in Requests. ---
    await admin.goto('/requests');
    await admin.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
    const toApprove = admin.getByRole('region', { name: /^To approve/ });
    const request = toApprove
      .getByRole('row')
      .filter({ hasText: title })
      .filter({ hasText: second.fullname });
    await request.waitFor();
    await request.getByRole('button', { name: /^Approve / }).click();
    await expectReadableSnackbar(admin, 'Request approved.');
    await shot(admin, 'flow-request-approved', false);
    await request.waitFor({ state: 'detached' });

    // --- The second learner now has the course in My courses. ---
    await other.goto('/asssigned_course');
    await other.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
    const granted = other.getByRole('article', { name: title });
    await granted.waitFor();
    await granted.getByRole('link', { name: `Start ${title}` }).waitFor();
    await shot(other, 'flow-granted-phone-dark');
    expect(otherErrors).toEqual([]);
    expect(adminErrors.filter((error) => error.startsWith('pageerror'))).toEqual([]);
  }, 180_000);
});
