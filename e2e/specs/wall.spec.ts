import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { freshLearner } from '../support/content-player.ts';
import { useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';
import { rgbPng } from '../support/png.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

/** A plain RGB picture of one colour. */
const plainPng = (rgb: [number, number, number]) => rgbPng(320, 200, () => rgb);

describe('issue 20: the social wall', () => {
  it('a post with two images and a mention reaches the mentioned person, who comments on it', async () => {
    const poster = await freshLearner();
    const friend = await freshLearner();
    // As freshLearner names them.
    const friendName = `Lee Golfer ${friend.username.slice(-4)}`;
    const text = `Team day photos ${uniqueTag()} #teamday with `;

    // The poster writes, picks the friend from the @ suggestions and adds two images.
    const { page } = await signedInPage(poster, DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/socialwall');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const composer = page.getByRole('form', { name: 'Write a post' });
    const field = composer.getByRole('textbox', { name: 'Write a post' });
    await field.click();
    await page.keyboard.type(`${text}@${friend.username.slice(0, 14)}`);
    await page
      .getByRole('listbox', { name: 'People to mention' })
      .getByRole('option', { name: new RegExp(friendName) })
      .click();
    expect(await field.inputValue()).toContain(`@${friend.username}`);
    await composer.locator('input[type="file"]').setInputFiles([
      { name: 'blue.png', mimeType: 'image/png', buffer: plainPng([30, 90, 200]) },
      { name: 'green.png', mimeType: 'image/png', buffer: plainPng([40, 160, 80]) },
    ]);
    await composer.getByRole('list', { name: /^Images \(2 of/ }).waitFor();
    // Both uploads finish before the post can go.
    await expect.poll(() => composer.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    const post = page.getByRole('article').filter({ hasText: text.trim() }).first();
    await post.waitFor();
    await expect
      .poll(() => post.getByRole('button', { name: /^Open image \d of 2$/ }).count())
      .toBe(2);
    await post.getByRole('link', { name: `@${friend.username}` }).waitFor();
    await saveScreenshot(page, 'wall-post-desktop');

    // The friend is told they were mentioned, opens it from the notifications and comments.
    const friendToken = await apiSignIn(friend.username, friend.password);
    await expect
      .poll(
        async () =>
          (await apiJson<{ results: unknown[] }>('/api/notify/?type=wall_mention', friendToken))
            .results.length,
        { timeout: 20_000 },
      )
      .toBe(1);
    const friendPage = (
      await signedInPage(friend, { ...DESKTOP, colorScheme: 'dark', bypassCSP: true })
    ).page;
    const friendErrors = collectPageErrors(friendPage);
    await friendPage.goto('/notifications');
    const notice = friendPage.getByRole('link', { name: /mentioned you on the wall/ }).first();
    await notice.waitFor({ timeout: 20_000 });
    await notice.click();
    await friendPage.waitForURL(/\/socialwall\/\d+$/);
    const opened = friendPage.getByRole('article').filter({ hasText: text.trim() }).first();
    await opened.waitFor();
    await expect
      .poll(() => opened.getByRole('button', { name: /^Open image \d of 2$/ }).count())
      .toBe(2);
    const reply = `Great pictures ${uniqueTag()}`;
    const commentForm = friendPage.getByRole('form', { name: 'Write a comment' });
    await commentForm.getByRole('textbox').fill(reply);
    await commentForm.getByRole('button', { name: 'Post comment' }).click();
    await friendPage.getByRole('listitem', { name: `Comment by ${friendName}` }).waitFor();
    await saveScreenshot(friendPage, 'wall-post-dark');
    expect(await seriousA11yViolations(friendPage)).toEqual([]);

    // The poster's open feed shows the comment without a reload, and they were told of it.
    await post.getByText(reply).waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => {
        const n = await apiJson<{ results: unknown[] }>(
          '/api/notify/?type=wall_comment',
          await apiSignIn(poster.username, poster.password),
        );
        return n.results.length;
      })
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
    expect(friendErrors).toEqual([]);
  });

  it('fits a 360 px phone in dark mode', async () => {
    const { page } = await signedInPage('learner', PHONE_DARK);
    await page.goto('/socialwall');
    await page.getByRole('form', { name: 'Write a post' }).waitFor();
    await expectFitsPhone(page, 'wall-phone-dark');
  });
});
