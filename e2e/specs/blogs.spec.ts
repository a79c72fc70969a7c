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

/** A warm gradient: the cover the server re-encodes. */
const coverPng = () => rgbPng(640, 320, (x, y) => [240, 120 + (x % 100), 40 + (y % 80)]);

describe('issue 20: blogs', () => {
  it('an admin publishes a post with a cover and tags; a learner reads it and comments', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    const errors = collectPageErrors(page);
    const title = `Our new forklift bay ${uniqueTag()}`;
    await page.goto('/socialwall');
    await page.getByRole('link', { name: 'Blogs' }).click();
    await page.waitForURL(/\/blogs$/);
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Post' }).click();
    await page.keyboard.type('The bay opens on Monday. Bring your licence.');
    await page.getByLabel('Cover image file').setInputFiles({
      name: 'bay.png',
      mimeType: 'image/png',
      buffer: coverPng(),
    });
    await page.getByRole('img', { name: /cover/i }).first().waitFor({ timeout: 15_000 });
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.fill('safety');
    await tags.press('Enter');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/blogs\/\d+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const postId = Number(new URL(page.url()).pathname.split('/').pop());
    await saveScreenshot(page, 'blog-post-desktop');

    const learner = await freshLearner();
    const reader = await signedInPage(learner, {
      ...DESKTOP,
      colorScheme: 'dark',
      bypassCSP: true,
    });
    const readerErrors = collectPageErrors(reader.page);
    await reader.page.goto('/blogs?tag=safety');
    await reader.page.getByRole('link', { name: title }).click();
    await reader.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await reader.page.getByText('The bay opens on Monday.').waitFor();
    const reply = `Will there be training? ${uniqueTag()}`;
    await reader.page.getByRole('textbox', { name: 'Write a comment' }).fill(reply);
    await reader.page.getByRole('button', { name: /^(Post comment|Comment)$/ }).click();
    await reader.page.getByRole('list', { name: 'Comments' }).getByText(reply).waitFor();
    expect(await seriousA11yViolations(reader.page)).toEqual([]);
    await saveScreenshot(reader.page, 'blog-post-dark');

    const admin = await apiSignIn('admin');
    await expect
      .poll(async () => {
        const n = await apiJson<{ results: { link: string }[] }>(
          '/api/notify/?type=blog_comment',
          admin,
        );
        return n.results.some((r) => r.link.startsWith(`/blogs/${postId}`));
      })
      .toBe(true);
    expect(errors).toEqual([]);
    expect(readerErrors).toEqual([]);
  });

  it('the list fits a 360 px phone in dark mode', async () => {
    const { page } = await signedInPage('learner', PHONE_DARK);
    await page.goto('/blogs');
    await page.getByRole('list', { name: 'Posts' }).waitFor();
    await expectFitsPhone(page, 'blogs-phone-dark');
  });
});
