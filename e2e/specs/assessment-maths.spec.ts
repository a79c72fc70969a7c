import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors } from '../support/browser.ts';
import { call } from '../support/fixtures.ts';
import { useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';

const browser = useBrowser();
const SHOTS = '/tmp/assess-e2e';

/*
 * Maths in question text (issue 16): a trainer writes TeX in a question's text; the learner taking
 * the assessment sees it typeset by KaTeX (with its own fonts, served by Atrium), not the TeX.
 */
describe('maths in an assessment', () => {
  it('shows the TeX of a question typeset to the learner who takes it', async () => {
    const tag = uniqueTag();
    const trainer = await apiSignIn('trainer');
    const learnerToken = await apiSignIn('learner');
    const learner = await apiJson<{ id: number }>('/api/v1/me/', learnerToken);
    const question = await call<{ id: number }>('POST', '/api/assessment/question/bank/', trainer, {
      title: `Square root ${tag}`,
      definition: {
        type: 'single_choice',
        points: 1,
        stem: '<p>Which \\(x &gt; 0\\) solves \\(x^2 = 16\\)?</p><p>\\[\\sqrt{16} = x\\]</p>',
        options: [
          { id: 'a', text: '4', correct: true },
          { id: 'b', text: '8' },
        ],
      },
    });
    const assessment = await call<{ id: number; uuid: string; pages: { id: number }[] }>(
      'POST',
      '/api/assessment/',
      trainer,
      { title: `Roots ${tag}` },
    );
    await call('POST', '/api/assessment/question/', trainer, {
      kind: 'fixed',
      page: assessment.pages[0]!.id,
      questions: [question.id],
    });
    await call('POST', '/api/assessment/assessment_assign_user/', trainer, {
      assessment: assessment.id,
      users: [learner.id],
    });
    await call('PUT', `/api/assessment/${assessment.id}/`, trainer, { status: 'published' });

    const { page } = await browser.signedInPage('learner', {
      viewport: { width: 1366, height: 900 },
      reducedMotion: 'reduce',
    });
    const errors = collectPageErrors(page);
    const fonts: number[] = [];
    page.on('response', (res) => {
      if (/KaTeX_.*\.woff2/.test(res.url())) fonts.push(res.status());
    });
    await page.goto(`/assessment/${assessment.uuid}`);
    await page.getByRole('button', { name: 'Start attempt' }).click();
    const region = page.getByRole('region').filter({ hasText: 'solves' });
    await region.locator('.katex').first().waitFor();
    // Inline and display maths, each keeping its TeX for screen readers and copying.
    expect(await region.locator('.katex').count()).toBe(3);
    expect(await region.locator('.katex-display').count()).toBe(1);
    expect(await region.locator('annotation').allTextContents()).toEqual([
      'x > 0',
      'x^2 = 16',
      '\\sqrt{16} = x',
    ]);
    // The TeX source is not what the learner reads.
    expect(await region.innerText()).not.toContain('\\(');
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((status) => status === 200)).toBe(true);
    await mkdir(SHOTS, { recursive: true });
    await region.screenshot({ path: `${SHOTS}/maths-question.png` });
    expect(errors).toEqual([]);
  });
});
