import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { freshLearner } from '../support/content-player.ts';
import { call } from '../support/fixtures.ts';
import { useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

interface Forum {
  slug: string;
  name: string;
}

describe('issue 20: forums', () => {
  it('a learner finds a forum, subscribes, and starts a thread that its list shows', async () => {
    const admin = await apiSignIn('admin');
    const forum = await call<Forum>('POST', '/api/forum/', admin, {
      name: `Site safety ${uniqueTag()}`,
      description: 'Near misses, questions and good practice.',
    });
    const learner = await freshLearner();
    const { page, token } = await signedInPage(learner, DESKTOP);
    const errors = collectPageErrors(page);

    await page.goto('/discussions');
    await page.getByRole('tab', { name: 'Forums' }).click();
    await page.waitForURL(/\/discussions\/forums$/);
    await page.getByRole('link', { name: forum.name }).click();
    await page.waitForURL(new RegExp(`/discussions/forums/${forum.slug}$`));
    await page.getByRole('heading', { level: 1, name: forum.name }).waitFor();
    await page.getByText('Subscription: Optional').waitFor();

    // Optional: the learner subscribes, and it holds after a reload.
    const subscribed = page.getByRole('switch', { name: 'Subscribed to new posts' });
    expect(await subscribed.isChecked()).toBe(false);
    await subscribed.click();
    await expect.poll(() => subscribed.isChecked()).toBe(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: forum.name }).waitFor();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Subscribed to new posts' }).isChecked())
      .toBe(true);

    // A new thread from the forum's page lands in this forum.
    const title = `Ladder on the loading bay ${uniqueTag()}`;
    await page.getByRole('button', { name: 'New thread' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New thread' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Text' }).click();
    await page.keyboard.type('It was left out overnight again.');
    await dialog.getByRole('button', { name: /^Post/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(`/discussions/forums/${forum.slug}`);
    await page.getByRole('link', { name: title }).waitFor();
    await saveScreenshot(page, 'forum-desktop');

    const threads = await apiJson<{ results: { title: string; forum: { slug: string } | null }[] }>(
      `/api/thread/?forum=${forum.slug}`,
      token,
    );
    expect(threads.results.map((t) => [t.title, t.forum?.slug])).toEqual([[title, forum.slug]]);
    expect(errors).toEqual([]);
  });

  it('the forums list fits a 360 px phone in dark mode', async () => {
    const { page } = await signedInPage('learner', PHONE_DARK);
    await page.goto('/discussions/forums');
    await page.getByRole('list', { name: 'Forums' }).waitFor();
    await expectFitsPhone(page, 'forums-phone-dark');
  });
});
