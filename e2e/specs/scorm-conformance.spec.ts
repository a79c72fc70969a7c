import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.ts';
import {
  freshLearner,
  HAVE_SCORM,
  openPlayerFile,
  percent,
  publishAndEnrol,
  scormPackage,
  type TrainerCourse,
  trainerCourse,
  uploadOnModulePage,
} from '../support/content-player.ts';
import { useBrowser } from '../support/pages.ts';

/**
 * Issue 25 (run-time half): the packages of ../shared/testdata/scorm that a player gets wrong
 * when it only listens to the content, played in Chromium as a learner would, against what
 * their README says a correct player shows.
 */
const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const ASSETS = 'ContentPackagingOneFilePerSCO_SCORM12.zip';
const MINIMUM_2004 = 'RuntimeMinimumCalls_SCORM20043rdEdition.zip';

const region = (page: Page) => page.getByRole('region', { name: 'SCORM package' });
const scormNext = (page: Page) => region(page).getByRole('button', { name: 'Next' });
const frameTitled = (page: Page, title: string) =>
  page.waitForFunction(
    (expected) => document.querySelector<HTMLIFrameElement>('iframe[title]')?.title === expected,
    title,
    { timeout: 15_000 },
  );
/** The SCO has called Initialize: the call crossed to the player's run-time. */
const scoRunning = (page: Page, title: string) =>
  page.waitForFunction(
    (expected) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title]');
      return frame?.title === expected && frame.dataset.scoState === 'running';
    },
    title,
    { timeout: 15_000 },
  );
async function tocTitles(page: Page) {
  const items = page.getByRole('list', { name: 'Package contents' }).getByRole('button');
  await items.first().waitFor();
  return (await items.evaluateAll((els) =>
    els.map((el) => el.querySelector('.MuiListItemText-primary')?.textContent ?? ''),
  )) as string[];
}

describe.skipIf(!HAVE_SCORM)('SCORM run-time conformance', () => {
  let course: TrainerCourse;
  let learner: Awaited<ReturnType<typeof freshLearner>>;
  beforeAll(async () => {
    [course, learner] = await Promise.all([trainerCourse('SCORM conformance'), freshLearner()]);
    const { page } = await signedInPage('trainer', DESKTOP);
    await page.goto(`/courses/module/${course.moduleId}`);
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    await uploadOnModulePage(page, scormPackage(ASSETS));
    await uploadOnModulePage(page, scormPackage(MINIMUM_2004));
    await publishAndEnrol(course.courseId, learner.id);
  }, 120_000);

  it('assets (18 resources that never call the API) count once launched; the package completes', async () => {
    const { page } = await signedInPage(learner, DESKTOP);
    await page.goto(`/course-module/${course.courseId}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await openPlayerFile(page, ASSETS);
    const titles = await tocTitles(page);
    expect(titles).toHaveLength(18);
    await frameTitled(page, titles[0]!);
    await region(page).getByText('1 of 18 done').waitFor();
    for (let i = 1; i < titles.length; i++) {
      await scormNext(page).click();
      await frameTitled(page, titles[i]!);
      await region(page)
        .getByText(`${i + 1} of 18 done`)
        .waitFor();
    }
    await saveScreenshot(page, 'scorm-assets-complete');
    // One of the course's two files is complete: half the course.
    await expect.poll(() => percent(page).textContent(), { timeout: 15_000 }).toBe('50%');
  }, 180_000);

  it('2004 minimum calls (18 SCOs, Initialize/Terminate only): each ended attempt completes; the package completes', async () => {
    const { page } = await signedInPage(learner, DESKTOP);
    await page.goto(`/course-module/${course.courseId}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await openPlayerFile(page, MINIMUM_2004);
    const titles = await tocTitles(page);
    expect(titles).toHaveLength(18);
    await scoRunning(page, titles[0]!);
    for (let i = 1; i < titles.length; i++) {
      await scormNext(page).click();
      await scoRunning(page, titles[i]!);
      // Leaving a SCO ends its attempt (Terminate, sent with keepalive): the LMS completes it.
      await region(page).getByText(`${i} of 18 done`).waitFor();
    }
    // The last SCO ends when the learner moves on; coming back shows the package complete.
    await openPlayerFile(page, ASSETS);
    await expect.poll(() => percent(page).textContent(), { timeout: 15_000 }).toBe('100%');
    await openPlayerFile(page, MINIMUM_2004);
    await region(page).getByText('18 of 18 done').waitFor();
    await saveScreenshot(page, 'scorm-2004-minimum-complete');
  }, 240_000);
});
