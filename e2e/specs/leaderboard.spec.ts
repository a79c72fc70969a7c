import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { freshLearner } from '../support/content-player.ts';
import { useBrowser } from '../support/pages.ts';
import { apiJson } from '../support/people.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

describe('issue 21: points and the leaderboard', () => {
  it('a new learner earns the daily sign-in points once, finds their place and their history', async () => {
    const learner = await freshLearner();
    // freshLearner signed in once already; signing in again the same day earns nothing more.
    const token = await apiSignIn(learner.username, learner.password);
    await expect
      .poll(
        async () =>
          (await apiJson<{ points: number }>(`/api/gamification/user-detail/${learner.id}/`, token))
            .points,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const detail = await apiJson<{ points: number; ledger: { results: { rule: string }[] } }>(
      `/api/gamification/user-detail/${learner.id}/`,
      token,
    );
    expect(detail.ledger.results.filter((e) => e.rule === 'daily_sign_in')).toHaveLength(1);

    const { page } = await signedInPage(learner, { ...DESKTOP, bypassCSP: true });
    const errors = collectPageErrors(page);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Leaderboard' }).click();
    await page.waitForURL(/\/leaderboard$/);
    const place = page.getByRole('region', { name: 'Your place' });
    await place.getByText(/^Rank \d+$/).waitFor();
    const points = `${detail.points} ${detail.points === 1 ? 'point' : 'points'}`;
    await place.getByText(`${points} this month`).waitFor();
    await page.getByRole('button', { name: 'All time' }).click();
    await place.getByText(points, { exact: true }).waitFor();
    // The top bar's "Leaderboard" tooltip, still fading out after the click, is not the page.
    await page.mouse.move(600, 600);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'leaderboard-desktop');

    // Leaving the board keeps the choice.
    const listed = page.getByRole('switch', { name: 'Show my name to others' });
    expect(await listed.isChecked()).toBe(true);
    await listed.click();
    await expect.poll(() => listed.isChecked()).toBe(false);
    const settings = await apiJson<{ listed: boolean }>('/api/gamification/settings/', token);
    expect(settings.listed).toBe(false);

    await place.getByRole('link', { name: 'My points' }).click();
    await page.waitForURL(new RegExp(`/leaderboard/${learner.id}$`));
    await page
      .getByRole('table', { name: 'Points history' })
      .getByRole('row')
      .filter({ hasText: 'Daily sign-in' })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fits a 360 px phone in dark mode', async () => {
    const { page } = await signedInPage('learner', PHONE_DARK);
    await page.goto('/leaderboard');
    await page.getByRole('list', { name: 'Ranking' }).waitFor();
    await expectFitsPhone(page, 'leaderboard-phone-dark');
  });
});
