import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.ts';
import {
  fileTitle,
  freshLearner,
  HAVE_SCORM,
  openPlayerFile,
  percent,
  publishAndEnrol,
  SCORM_DIR,
  scormPackage,
  type TrainerCourse,
  testVideo,
  trainerCourse,
  uploadOnModulePage,
} from '../support/content-player.ts';
import { PHONE, useBrowser } from '../support/pages.ts';

const { newPage, signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const SCORM12 = 'RuntimeMinimumCalls_SCORM12.zip';
const SCORM2004 = 'RuntimeBasicCalls_SCORM20043rdEdition.zip';
/** The refused packages and the gist of the reason the trainer reads. */
const INVALID: Record<string, RegExp> = {
  'badscorm.zip': /imsmanifest\.xml/,
  'invalid.zip': /imsmanifest\.xml/,
  'singlescobasic_missingorg.zip': /no organisation/,
};

if (!HAVE_SCORM) {
  // CI always has the packages: a missing folder there is a broken checkout, not a skip.
  if (process.env.CI) throw new Error(`The SCORM test packages are missing from ${SCORM_DIR}`);
  console.warn(
    `\n  SCORM end-to-end tests skipped: no test packages in ${SCORM_DIR}.\n` +
      '  They live next to the repository in ../shared/testdata/scorm (see its README).\n',
  );
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage });
  await saveScreenshot(page, name, { fullPage });
}

/** Accepts every alert and confirm of the page (and its frames), keeping their texts. */
function acceptDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

/**
 * Waits until the SCO titled `title` is in the frame and has called LMSInitialize: the call
 * crossed from the content origin to the player's run-time (which marks its frame running).
 */
async function scoRunning(page: Page, title: string) {
  await page.waitForFunction(
    (expected) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title]');
      return frame?.title === expected && frame.dataset.scoState === 'running';
    },
    title,
    { timeout: 15_000 },
  );
}

const scormNext = (page: Page) =>
  page.getByRole('region', { name: 'SCORM package' }).getByRole('button', { name: 'Next' });
const currentSco = (page: Page) =>
  page.getByRole('list', { name: 'Package contents' }).locator('[aria-current="step"]');

/**
 * The 2004 package's launch page (its own Previous/Next): the player's frame holds Atrium's
 * launcher on the content origin, and the launcher the package's page.
 */
async function launchPage(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title]').first().elementHandle();
  const launcher = await handle?.contentFrame();
  const inner = await launcher?.locator('iframe').elementHandle();
  const frame = await inner?.contentFrame();
  if (!frame) throw new Error('No SCORM frame');
  await frame.locator('#butNext').waitFor();
  return frame;
}
const contentPage = (launch: Frame) => launch.locator('#contentFrame').getAttribute('src');

describe.skipIf(!HAVE_SCORM)('SCORM packages', () => {
  let course: TrainerCourse;
  let learner: Awaited<ReturnType<typeof freshLearner>>;
  beforeAll(async () => {
    [course, learner] = await Promise.all([trainerCourse('Golf explained'), freshLearner()]);
  });

  it('a trainer uploads the packages on the module page; invalid ones are refused', async () => {
    const { page } = await signedInPage('trainer', DESKTOP);
    await page.goto(`/courses/module/${course.moduleId}`);
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    for (const [name, reason] of Object.entries(INVALID)) {
      await page.locator('input[aria-label="Upload a file"]').setInputFiles(scormPackage(name));
      const alert = page.getByRole('alert').filter({ hasText: name });
      await alert.waitFor({ timeout: 20_000 });
      // The server's own reason, not a generic failure.
      expect(await alert.textContent()).toMatch(reason);
    }
    await shot(page, 'scorm-upload-refused');
    await uploadOnModulePage(page, scormPackage(SCORM12));
    await uploadOnModulePage(page, scormPackage(SCORM2004));
    const files = page.getByRole('list', { name: 'Module files in order' });
    for (const name of Object.keys(INVALID)) expect(await files.getByText(name).count()).toBe(0);
    await publishAndEnrol(course.courseId, learner.id);
  });

  it('a learner plays the SCORM 1.2 package SCO by SCO, resumes after a reload, completes it', async () => {
    const { page } = await signedInPage(learner, DESKTOP);
    const dialogs = acceptDialogs(page);
    await page.goto(`/course-module/${course.courseId}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await openPlayerFile(page, SCORM12);
    const toc = page.getByRole('list', { name: 'Package contents' });
    const items = toc.getByRole('button');
    await items.first().waitFor();
    const titles = (await items.evaluateAll((els) =>
      els.map((el) => el.querySelector('.MuiListItemText-primary')?.textContent ?? ''),
    )) as string[];
    expect(titles.length).toBe(18);
    await scoRunning(page, titles[0]!);
    await shot(page, 'scorm12-player');

    // The table of contents opens the second SCO; Next walks on from there.
    await items.nth(1).click();
    await scoRunning(page, titles[1]!);
    for (let i = 2; i < 9; i++) {
      await scormNext(page).click();
      await scoRunning(page, titles[i]!);
    }
    await page.getByText('8 of 18 done').waitFor();

    // Leaving and coming back reopens the SCO the learner was in.
    await page.reload();
    await scoRunning(page, titles[8]!);
    expect(await currentSco(page).textContent()).toContain(titles[8]);
    for (let i = 9; i < titles.length; i++) {
      await scormNext(page).click();
      await scoRunning(page, titles[i]!);
    }
    expect(await scormNext(page).isDisabled()).toBe(true);
    // The last SCO finishes when the learner moves on; the package is then complete.
    await openPlayerFile(page, SCORM2004);
    await expect.poll(() => percent(page).textContent(), { timeout: 15_000 }).toBe('50%');
    await openPlayerFile(page, SCORM12);
    await page.getByText('18 of 18 done').waitFor();
    expect(dialogs).toEqual([]);
  });

  it('a learner plays the SCORM 2004 package with its own Next buttons and resumes its page', async () => {
    const { page } = await signedInPage(learner, DESKTOP);
    const dialogs = acceptDialogs(page);
    await page.goto(`/course-module/${course.courseId}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await openPlayerFile(page, SCORM2004);
    let launch = await launchPage(page);
    await expect.poll(() => contentPage(launch)).toMatch(/Playing\/Playing\.html$/);
    for (let i = 0; i < 5; i++) await launch.locator('#butNext').click();
    await expect.poll(() => contentPage(launch)).toMatch(/Etiquette\/Course\.html$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'scorm2004-player');

    // Reload: the launch page asks whether to resume (confirm accepted) and returns to page 6.
    // (The previous test opened this package for a moment: under load it may have left a
    // bookmark too, and then the first opening asked already.)
    const asked = dialogs.length;
    await page.reload();
    await expect.poll(() => dialogs.length, { timeout: 15_000 }).toBe(asked + 1);
    expect(dialogs.at(-1)).toMatch(/resume/i);
    launch = await launchPage(page);
    await expect.poll(() => contentPage(launch)).toMatch(/Etiquette\/Course\.html$/);

    // On to the last page, the quiz: answer it (the right answers are marked in its markup).
    while (!(await launch.locator('#butNext').isDisabled())) {
      await launch.locator('#butNext').click();
    }
    await expect.poll(() => contentPage(launch)).toMatch(/assessmenttemplate\.html/);
    const quiz = launch.frameLocator('#contentFrame');
    await quiz.locator('input[value="Submit Answers"]').waitFor();
    await quiz.locator('body').evaluate((body) => {
      for (const radio of body.querySelectorAll<HTMLInputElement>(
        '.correctAnswer input[type=radio]',
      ))
        radio.checked = true;
      for (const text of body.querySelectorAll<HTMLInputElement>('.correctAnswer input[type=text]'))
        text.value = /\(([^)]*)\)/.exec(text.parentElement?.textContent ?? '')?.[1]?.trim() ?? '';
    });
    await quiz.locator('input[value="Submit Answers"]').click();
    await quiz.getByText(/Score: *100/).waitFor();

    // Moving to another file ends the SCO's session: completed, and the course is done.
    await openPlayerFile(page, SCORM12);
    await expect.poll(() => percent(page).textContent(), { timeout: 15_000 }).toBe('100%');
    await page
      .getByRole('navigation', { name: 'Course contents' })
      .getByText('2 of 2 completed')
      .waitFor();
    // No error alert from the package at any point: only its resume question.
    expect(dialogs.filter((d) => !/resume from where you previously left off/.test(d))).toEqual([]);
    expect(dialogs.length).toBe(asked + 1);
  });

  it('fits the SCORM player on a phone in dark mode', async () => {
    const { page } = await signedInPage(learner, {
      ...PHONE,
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      reducedMotion: 'reduce',
    });
    await page.goto(`/course-module/${course.courseId}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    // On a phone the course contents are a drawer.
    await page.getByRole('button', { name: 'Course contents' }).click();
    await openPlayerFile(page, SCORM12);
    // The contents are folded on a phone, so the content is on the first screen.
    await page.locator('iframe[title]').first().waitFor();
    await page.waitForTimeout(500);
    await shot(page, 'scorm12-player-phone-dark', true);
    const toggle = page.getByRole('button', { name: 'Package contents' });
    await toggle.click();
    const toc = page.getByRole('list', { name: 'Package contents' });
    await toc.getByRole('button', { name: /Par\?/ }).click();
    await toc.waitFor({ state: 'hidden' });
    await scoRunning(page, 'Par?');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  it("shows the trainer the learner's status, score and time per SCO", async () => {
    const { page } = await signedInPage('trainer', DESKTOP);
    await page.goto(`/all_assigned_courses_list/${course.courseId}`);
    const report = page.getByRole('table', { name: 'SCORM tracking' });
    await report.waitFor();
    const rows = report.getByRole('row').filter({ hasText: learner.username });
    await rows.first().waitFor();
    const golf2004 = rows.filter({ hasText: 'Passed' }).filter({ hasText: '100 / 100' });
    await golf2004.waitFor();
    // Time is whatever the learner spent, at least a second.
    expect(await golf2004.textContent()).toMatch(/\d+ s|\d+ min/);
    await rows.filter({ hasText: 'Completed' }).first().waitFor();
    await shot(page, 'scorm-report', true);
  });
});

describe('HLS video', () => {
  let course: TrainerCourse;
  let learner: Awaited<ReturnType<typeof freshLearner>>;
  beforeAll(async () => {
    [course, learner] = await Promise.all([trainerCourse('Swing clinic'), freshLearner()]);
  });

  it('transcodes an uploaded video to HLS and plays it to the end, in the course and on /hls', async () => {
    const clip = testVideo(`swing-${Date.now()}.mp4`);
    const trainer = await signedInPage('trainer', DESKTOP);
    await trainer.page.goto(`/courses/module/${course.moduleId}`);
    await trainer.page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    const uploaded = trainer.page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/courses/file-repo/'),
    );
    await uploadOnModulePage(trainer.page, clip);
    const fileId = ((await (await uploaded).json()) as { id: number }).id;
    await publishAndEnrol(course.courseId, learner.id);

    const { page } = await signedInPage(learner, DESKTOP);
    const master = page.waitForRequest((r) => r.url().includes(`/${fileId}/hls/master.m3u8`), {
      timeout: 120_000,
    });
    await page.goto(`/course-module/${course.courseId}`);
    await expect.poll(() => fileTitle(page).textContent()).toBe(clip.name);
    // Until the renditions exist the player says so; then hls.js loads the master playlist.
    await master;
    await shot(page, 'hls-course-player');
    await playToTheEnd(page);
    await expect.poll(() => percent(page).textContent(), { timeout: 15_000 }).toBe('100%');
    await page
      .getByRole('navigation', { name: 'Course contents' })
      .getByText('1 of 1 completed')
      .waitFor();

    const standalone = page.waitForRequest((r) => r.url().includes(`/${fileId}/hls/master.m3u8`));
    await page.goto(`/hls?file=${fileId}`);
    await page.getByRole('heading', { level: 1, name: 'Video' }).waitFor();
    await standalone;
    await playToTheEnd(page);
    await shot(page, 'hls-page');

    // Issue 23: the author shares the ready video publicly; a signed-out visitor plays the link
    // until the author revokes it.
    await trainer.page.reload();
    await trainer.page.getByRole('button', { name: `Share ${clip.name} publicly` }).click();
    const dialog = trainer.page.getByRole('dialog', { name: `Share “${clip.name}” publicly` });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(new URL(link).pathname).toBe('/hls');
    const visitor = await newPage(DESKTOP);
    const shared = visitor.waitForRequest((r) => r.url().includes('/hls/master.m3u8'));
    await visitor.goto(`${new URL(link).pathname}${new URL(link).search}`);
    await shared;
    await playToTheEnd(visitor);
    // Nothing of the signed-in app is reachable from the public page.
    expect(await visitor.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await dialog
      .getByRole('list', { name: 'Share links' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    // Revoking cannot be undone, so the author confirms it first.
    await trainer.page
      .getByRole('dialog', { name: 'Revoke this link?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    // Exact: the dialog's own explanation also says "revoked".
    await dialog.getByText('Revoked', { exact: true }).waitFor();
    await visitor.reload();
    await visitor.getByText('This share link does not play').waitFor();
  }, 240_000);
});

/** Plays the page's <video> (muted, as autoplay rules want) and waits for `ended`. */
async function playToTheEnd(page: Page) {
  const video = page.locator('video');
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  // hls.js plays through Media Source: no src attribute, a blob: URL instead.
  expect(await video.evaluate((el: HTMLVideoElement) => el.currentSrc)).toMatch(/^blob:/);
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await page.waitForFunction(() => document.querySelector('video')?.ended === true, undefined, {
    timeout: 20_000,
  });
}
