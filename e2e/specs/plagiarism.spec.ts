import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { saveScreenshot } from '../support/browser.ts';
import { call, freshLearner, publishAndEnrol, trainerCourse } from '../support/content-player.ts';
import { useBrowser } from '../support/pages.ts';
import { uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const PHONE_DARK = {
  viewport: { width: 360, height: 780 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  colorScheme: 'dark' as const,
  reducedMotion: 'reduce' as const,
};

const PARAGRAPH =
  'Steam engines replaced water wheels, factories grew around coal fields, and railways connected markets that had been isolated for centuries.';
const ORIGINAL = `The industrial revolution transformed Europe. ${PARAGRAPH} Workers moved into crowded cities where wages were low.`;
const COPY = `How villages changed when mills arrived. ${PARAGRAPH} Families sent children to the towns.`;

async function submitText(token: string, assignment: number, name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  await call('POST', `/api/courses/assignment/${assignment}/submit/`, token, form);
}

describe('plagiarism', () => {
  it('shows a trainer the copied passage highlighted in both submissions', async () => {
    const { courseId } = await trainerCourse('Plagiarism');
    const [first, second] = [await freshLearner(), await freshLearner()];
    await publishAndEnrol(courseId, first.id);
    await publishAndEnrol(courseId, second.id);
    const trainer = await apiSignIn('trainer');
    const title = `Industry essay ${uniqueTag()}`;
    const assignment = await call<{ id: number }>('POST', '/api/courses/assignment/', trainer, {
      course: courseId,
      title,
      max_score: 10,
    });
    await submitText(
      await apiSignIn(first.username, first.password),
      assignment.id,
      'a.txt',
      ORIGINAL,
    );
    // The first check must exist before the second runs, so the second finds it.
    const checks = async () =>
      (
        await call<{ results: { id: number; status: string; score: number | null }[] }>(
          'GET',
          `/api/plagiarism/checks/?assignment=${assignment.id}`,
          trainer,
        )
      ).results;
    const settled = async (n: number) => {
      for (let i = 0; i < 120; i++) {
        const list = await checks();
        if (list.length === n && list.every((c) => c.status === 'done')) return list;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error('the checks did not finish');
    };
    await settled(1);
    await submitText(
      await apiSignIn(second.username, second.password),
      assignment.id,
      'b.txt',
      COPY,
    );
    const [latest] = await settled(2);
    expect(latest!.score).toBeGreaterThanOrEqual(40);

    const { page } = await signedInPage('trainer', { ...DESKTOP, bypassCSP: true });
    await page.goto('/plagiarism');
    const list = page.getByRole('list', { name: 'Checked submissions' });
    const row = list
      .getByRole('link')
      .filter({ hasText: /over the threshold|% similar/ })
      .first();
    await row.waitFor();
    await page
      .getByText(/% similar/)
      .first()
      .waitFor();
    await saveScreenshot(page, 'plagiarism-list');
    await page.goto(`/plagiarism/${latest!.id}`);
    const marks = page.locator('mark[data-passage="1"]');
    await marks.first().waitFor();
    expect(await marks.count()).toBe(2);
    expect(await marks.first().textContent()).toContain('Steam engines replaced water wheels');
    await marks.first().click();
    await expect
      .poll(() => marks.nth(1).evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page
      .getByRole('textbox', { name: 'Note (optional)' })
      .fill('Same paragraph as a classmate.');
    await page.getByRole('button', { name: 'Flag' }).click();
    await page.getByText('Marked flagged.').waitFor();
    await saveScreenshot(page, 'plagiarism-detail', { fullPage: true });

    const phone = (await signedInPage('trainer', PHONE_DARK)).page;
    await phone.goto(`/plagiarism/${latest!.id}`);
    await phone.locator('mark[data-passage="1"]').first().waitFor();
    await saveScreenshot(phone, 'plagiarism-detail-phone-dark', { fullPage: true });
  });
});
