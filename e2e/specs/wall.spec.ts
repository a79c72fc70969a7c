import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { freshLearner } from '../support/content-player.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

/** A PNG chunk: length, type, data and the CRC (zlib's crc32 is not exposed before Node 22). */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = ~0;
  for (const byte of body) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(~crc >>> 0);
  return Buffer.concat([length, body, sum]);
}

/** A real RGB PNG of one colour: the server re-encodes uploads, so it must decode. */
function plainPng(rgb: [number, number, number], width = 320, height = 200): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
    const { page } = await signedInPage('learner', {
      ...PHONE,
      viewport: { width: 360, height: 780 },
      colorScheme: 'dark',
      reducedMotion: 'reduce',
      // Lets axe's script in; the app's own CSP is tested elsewhere.
      bypassCSP: true,
    });
    await page.goto('/socialwall');
    await page.getByRole('form', { name: 'Write a post' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'wall-phone-dark', { fullPage: true });
  });
});
