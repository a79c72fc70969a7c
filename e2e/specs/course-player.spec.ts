import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, createApprovedUser } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { call, ffmpegClip, tinyPdf } from '../support/fixtures.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { uniqueTag, userIdOf } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

async function upload(token: string, name: string, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return call<{ id: number }>('POST', '/api/courses/file-repo/', token, form);
}

/** The player's Discussion tab: "Ask a question" opens the composer fixed to the course. */
async function askQuestion(page: Page, title: string) {
  await page.getByRole('button', { name: 'Ask a question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask a question' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Text' }).click();
  await page.keyboard.type(`${title} (details)`);
  await dialog.getByRole('button', { name: 'Post question' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

interface Setup {
  courseId: number;
  title: string;
  pdfName: string;
  videoName: string;
  pdfRepoId: number;
}

/** As the demo admin: a published course with a PDF and a video, assigned to the demo learner. */
async function publishCourse(): Promise<Setup> {
  const tag = uniqueTag();
  const admin = await apiSignIn('admin');
  const learnerId = await userIdOf(await apiSignIn('learner'));
  const title = `Player course ${tag}`;
  const course = await call<{ id: number }>('POST', '/api/courses/', admin, {
    title,
    description: '<p>Learn by watching and reading.</p>',
  });
  const mod = await call<{ id: number }>('POST', `/api/courses/${course.id}/modules/`, admin, {
    title: 'Getting started',
  });
  const pdfName = `Welcome guide ${tag}.pdf`;
  const videoName = `Intro clip ${tag}.mp4`;
  const pdf = await upload(admin, pdfName, tinyPdf(`Welcome ${tag}`), 'application/pdf');
  const video = await upload(
    admin,
    videoName,
    ffmpegClip({ seconds: 2, size: '160x120' }),
    'video/mp4',
  );
  for (const file of [pdf, video]) {
    await call('POST', `/api/courses/modules/${mod.id}/files/`, admin, { file: file.id });
  }
  await call('POST', '/api/courses/assignment/', admin, {
    course: course.id,
    title: `Reflection ${tag}`,
    instructions: 'Write three sentences about what you learnt.',
  });
  await call('PATCH', `/api/courses/published/${course.id}/`, admin, { status: 'published' });
  await call('POST', `/api/courses/${course.id}/assign/`, admin, { users: [learnerId] });
  return { courseId: course.id, title, pdfName, videoName, pdfRepoId: pdf.id };
}

const fileTitle = (page: Page) => page.locator('#player-file-title');
const percent = (page: Page) => page.getByTestId('course-percent').first();

describe('course player (/course-module/{id})', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await publishCourse();
  }, 60_000);

  it('plays a course to the end: PDF, video, completion, review and resume', async () => {
    const { page } = await signedInPage('learner', DESKTOP);
    const errors = collectPageErrors(page);
    const pdfResponse = page.waitForResponse((r) =>
      r.url().includes(`/api/courses/file-repo/${setup.pdfRepoId}/download/`),
    );
    await page.goto(`/course-module/${setup.courseId}`);
    await page.getByRole('heading', { level: 1, name: setup.title }).waitFor();
    await expect.poll(() => fileTitle(page).textContent()).toBe(setup.pdfName);

    // The PDF is shown in a frame: served inline as a PDF, and the frame is allowed.
    const frame = page.locator(`iframe[title="${setup.pdfName}"]`);
    await frame.waitFor();
    const pdf = await pdfResponse;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);
    await expect.poll(() => percent(page).textContent()).toBe('0%');
    await page.waitForTimeout(1500);
    await saveScreenshot(page, 'course-player-pdf', { fullPage: false });

    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect.poll(() => percent(page).textContent()).toBe('50%');
    const contents = page.getByRole('navigation', { name: 'Course contents' });
    expect(await contents.getByText('1 of 2 completed').count()).toBe(1);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => fileTitle(page).textContent()).toBe(setup.videoName);
    const video = page.locator('video');
    await video.waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    // The clip is two seconds long: play it (muted, as autoplay rules want) to the end.
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await page.getByText('Congratulations, you completed this course!').waitFor();
    await expect.poll(() => percent(page).textContent()).toBe('100%');
    await saveScreenshot(page, 'course-player-completed', { fullPage: true });

    await page.getByRole('button', { name: 'Write a review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review this course' });
    await dialog.locator('label[for]').filter({ hasText: '4 stars' }).click();
    await dialog.getByLabel('Comment (optional)').fill('Short and clear.');
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await page.getByText('Thank you for your review.').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // A second review is refused with the server's first non_field_errors message.
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: 'Write a review' }).click();
    await dialog.locator('label[for]').filter({ hasText: '5 stars' }).click();
    await dialog.getByRole('button', { name: 'Post review' }).click();
    await page.getByText('You have already reviewed this course.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Assignments and the discussion sit under the content.
    await page.getByRole('textbox', { name: 'Your answer' }).fill('I learnt three things.');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Your work was submitted.').waitFor();
    await page.getByText('Awaiting grade').waitFor();
    await page.getByRole('tab', { name: 'Discussion' }).click();
    await page.getByText('No questions yet. Ask the first one.').waitFor();
    await askQuestion(page, 'Is there a longer version of the clip?');
    await page.getByRole('link', { name: 'Is there a longer version of the clip?' }).waitFor();

    await page.reload();
    await expect.poll(() => fileTitle(page).textContent()).toBe(setup.videoName);
    // The refused second review is the one failed request.
    expect(errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });

  it('resumes at the last file on another device, on a phone in dark mode', async () => {
    const { page } = await signedInPage('learner', {
      ...PHONE,
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      reducedMotion: 'reduce',
      // axe is injected as a script, which Atrium's CSP forbids.
      bypassCSP: true,
    });
    await page.goto(`/course-module/${setup.courseId}`);
    await page.getByRole('heading', { level: 1, name: setup.title }).waitFor();
    await expect.poll(() => fileTitle(page).textContent()).toBe(setup.videoName);
    await saveScreenshot(page, 'course-player-phone-dark', { fullPage: false });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Course contents' }).click();
    const drawer = page.getByRole('navigation', { name: 'Course contents' });
    await drawer.getByRole('button', { name: new RegExp(setup.pdfName) }).waitFor();
    // Let the drawer finish sliding in.
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'course-player-phone-contents', { fullPage: false });
    await drawer.getByRole('button', { name: new RegExp(setup.pdfName) }).click();
    await expect.poll(() => fileTitle(page).textContent()).toBe(setup.pdfName);
  });

  it('reads well to assistive technology with the discussion open (desktop, light)', async () => {
    const { page } = await signedInPage('learner', { ...DESKTOP, bypassCSP: true });
    await page.goto(`/course-module/${setup.courseId}`);
    await page.getByRole('heading', { level: 1, name: setup.title }).waitFor();
    await page.getByRole('tab', { name: 'Discussion' }).click();
    const asked = `How long is the clip? ${uniqueTag()}`;
    await askQuestion(page, asked);
    // The question is a topic of the discussions model: answered and liked on its own page.
    await page.getByRole('link', { name: asked }).click();
    await page.getByRole('heading', { level: 1, name: asked }).waitFor();
    const answer = page.getByRole('form', { name: 'Your answer' });
    await answer.getByRole('textbox').click();
    await page.keyboard.type('A longer one is coming.');
    await page.getByRole('button', { name: 'Post answer' }).click();
    await page.getByText('A longer one is coming.').waitFor();
    const topic = page.getByRole('article', { name: asked });
    await topic.getByRole('button', { name: 'Like 0', exact: true }).first().click();
    await topic.getByRole('button', { name: 'Like 1', exact: true, pressed: true }).waitFor();
    // The snackbars are the app shell's, checked by its own specs.
    await page
      .locator('.notistack-Snackbar')
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 });
    await saveScreenshot(page, 'course-player-discussion', { fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('tells a learner who is not enrolled how to enrol', async () => {
    const { page } = await signedInPage(await createApprovedUser(), DESKTOP);
    await page.goto(`/course-module/${setup.courseId}`);
    await page
      .getByRole('heading', { level: 1, name: 'You are not enrolled in this course' })
      .waitFor();
    const link = page.getByRole('link', { name: 'Go to the course page' });
    expect(await link.getAttribute('href')).toBe(`/courses/course-detail/${setup.courseId}`);
    await saveScreenshot(page, 'course-player-not-enrolled', { fullPage: false });
  });

  it('says when a course does not exist', async () => {
    const { page } = await signedInPage('learner', DESKTOP);
    await page.goto('/course-module/999999');
    await page.getByRole('heading', { level: 1, name: 'Course not found' }).waitFor();
  });
});
