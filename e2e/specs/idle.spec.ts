import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.ts';
import { localStorageOf, useBrowser, waitForDashboard } from '../support/pages.ts';

const { signedInPage } = useBrowser();

/**
 * Sets the organisation's idle policy as organization_content would carry it: the per-organisation
 * configuration of spec §9 ("another reading: logout after 30 minutes").
 */
async function withIdlePolicy(page: Page, idle: { mode: 'prompt' | 'logout'; minutes: number }) {
  await page.route('**/api/v1/accounts/organization_content/**', async (route) => {
    const response = await route.fetch();
    const content = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...content, idle } });
  });
}

describe('idle timeout (spec §4, §9)', () => {
  it('prompts after 10 idle minutes by default, and Yes keeps the session', async () => {
    const { page } = await signedInPage('learner', { viewport: { width: 1280, height: 800 } });
    await page.clock.install();
    await page.goto('/dashboard');
    await waitForDashboard(page);
    const prompt = page.getByRole('dialog', { name: 'Are you still there?' });

    // The state is looked at once a minute: nothing at 9 minutes, the prompt by 11.
    await page.clock.runFor('09:00');
    expect(await prompt.isVisible()).toBe(false);
    await page.clock.runFor('02:00');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('inactive for 10 minutes');
    await saveScreenshot(page, 'idle-prompt', { fullPage: false });

    await prompt.getByRole('button', { name: 'Yes, keep me signed in' }).click();
    await prompt.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await localStorageOf(page)).token).toBeTruthy();

    // Yes restarted the timer: another 9 quiet minutes bring no prompt.
    await page.clock.runFor('09:00');
    expect(await prompt.isVisible()).toBe(false);
  });

  it('does not prompt while the user keeps moving the mouse', async () => {
    const { page } = await signedInPage('trainer');
    await page.clock.install();
    await page.goto('/dashboard');
    await waitForDashboard(page);
    for (let minute = 0; minute < 12; minute++) {
      await page.mouse.move(100 + minute * 10, 200);
      await page.clock.runFor('01:00');
    }
    expect(await page.getByRole('dialog', { name: 'Are you still there?' }).isVisible()).toBe(
      false,
    );
  });

  it("signs out without asking when the organisation chose 'logout'", async () => {
    const { page } = await signedInPage('learner');
    await withIdlePolicy(page, { mode: 'logout', minutes: 30 });
    await page.clock.install();
    await page.goto('/dashboard');
    await waitForDashboard(page);

    await page.clock.runFor('31:00');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect((await localStorageOf(page)).token).toBeUndefined();
  });
});
