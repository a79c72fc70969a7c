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

/** A PNG chunk: length, type, data and its CRC. */
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

/** A real PNG, a warm gradient: the cover the server re-encodes. */
function coverPng(width = 640, height = 320): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([240, 120 + (x % 100), 40 + (y % 80)], 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
    const { page } = await signedInPage('learner', {
      ...PHONE,
      viewport: { width: 360, height: 780 },
      colorScheme: 'dark',
      reducedMotion: 'reduce',
      bypassCSP: true,
    });
    await page.goto('/blogs');
    await page.getByRole('list', { name: 'Posts' }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'blogs-phone-dark', { fullPage: true });
  });
});
