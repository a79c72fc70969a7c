import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { freshLearner, publishAndEnrol, trainerCourse } from '../support/content-player.ts';
import { call } from '../support/fixtures.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

describe('issue 20: a question in a course discussion, answered by the trainer, seen live and accepted', () => {
  it('goes from the player tab to an accepted answer without a reload', async () => {
    const course = await trainerCourse('Discussed course');
    const learner = await freshLearner();
    await publishAndEnrol(course.courseId, learner.id);
    const question = `Where are the slides? ${uniqueTag()}`;

    // The learner asks in the course player's Discussion tab.
    const { page, token } = await signedInPage(learner, DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto(`/course-module/${course.courseId}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.getByRole('tab', { name: 'Discussion' }).click();
    await page.getByRole('button', { name: 'Ask a question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a question' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(question);
    await dialog.getByRole('textbox', { name: 'Text' }).click();
    await page.keyboard.type('I cannot find them in the module.');
    await dialog.getByRole('button', { name: 'Post question' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: question }).click();
    await page.getByRole('heading', { level: 1, name: question }).waitFor();
    await page.getByText('I cannot find them in the module.').waitFor();

    // The trainer answers through the API while the learner's page stays open.
    const topics = await apiJson<{ results: { id: number; title: string }[] }>(
      `/api/discussions/?scope=course&scope_id=${course.courseId}`,
      token,
    );
    const topic = topics.results.find((t) => t.title === question);
    expect(topic).toBeDefined();
    const trainer = await apiSignIn('trainer');
    const answerText = `They are in the second module ${uniqueTag()}.`;
    await call('POST', '/api/discussions/answear/', trainer, {
      discussion: topic?.id,
      body: `<p>${answerText}</p>`,
    });

    // Live: the answer appears without a reload; the learner accepts it.
    const answer = page
      .getByRole('article', { name: /^Answer by / })
      .filter({ hasText: answerText });
    await answer.waitFor({ timeout: 15_000 });
    await answer.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Accepted answer').first().waitFor();
    await saveScreenshot(page, 'discussion-accepted', { fullPage: true });

    // The list shows it solved, and the trainer was told it was accepted.
    await page.goto('/discussions');
    const row = page.getByRole('listitem').filter({ hasText: question });
    await row.getByText('Solved').waitFor();
    await expect
      .poll(async () => {
        const n = await apiJson<{ results: { type: string }[] }>(
          '/api/notify/?type=discussion_answer_accepted',
          trainer,
        );
        return n.results.length;
      })
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('fits a phone in dark mode', async () => {
    const { page } = await signedInPage('learner', {
      ...PHONE,
      viewport: { width: 360, height: 780 },
      colorScheme: 'dark',
      reducedMotion: 'reduce',
    });
    await page.goto('/discussions');
    await page.getByRole('heading', { level: 1, name: 'Discussions' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'discussions-phone-dark', { fullPage: true });
  });
});
