import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.ts';
import { useBrowser, waitForDashboard } from '../support/pages.ts';

const { signedInPage } = useBrowser();

describe('crash fallback page (spec §8)', () => {
  it('shows the error text and a Go Home button when a page cannot render', async () => {
    const { page } = await signedInPage('learner');
    // A broken server answer: the menu permission list is not JSON, so the app cannot render.
    await page.route('**/api/v1/me/', async (route) => {
      const response = await route.fetch();
      const user = (await response.json()) as { profile: Record<string, unknown> };
      await route.fulfill({
        response,
        json: { ...user, profile: { ...user.profile, permissions: '{not json' } },
      });
    });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(
      'Your menu permissions could not be read',
    );
    await saveScreenshot(page, 'crash-page');

    // The server answers properly again: Go Home loads '/', which leads a signed-in user home.
    await page.unroute('**/api/v1/me/');
    await page.getByRole('button', { name: 'Go Home' }).click();
    await waitForDashboard(page);
  });
});
