import { mkdir } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors } from '../support/browser.ts';
import { call } from '../support/fixtures.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';

const browser = useBrowser();
const SHOTS = '/tmp/assess-e2e';
const ALT = 'A red square inside a blue frame';
const IMAGE_SRC = /^\/api\/assessment\/question\/image\/[0-9a-f-]{36}\/$/;

/** A PNG chunk: length, type, data and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (8-bit RGB): a red square in a blue frame on white. Wider than a phone, so the
 * learner's page shows whether it is scaled down rather than overflowing.
 */
function framedSquarePng(width = 720, height = 300): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0: none
    for (let x = 0; x < width; x++) {
      const frame = x < 12 || y < 12 || x >= width - 12 || y >= height - 12;
      const square = Math.abs(x - width / 2) < 90 && Math.abs(y - height / 2) < 90;
      const [r, g, b] = frame ? [25, 90, 200] : square ? [210, 40, 40] : [255, 255, 255];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // depth 8, colour type RGB, default compression/filter/interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A single-choice question in the bank, made by `token`. */
function createQuestion(token: string, title: string, stem: string) {
  return call<{ id: number }>('POST', '/api/assessment/question/bank/', token, {
    title,
    definition: {
      type: 'single_choice',
      points: 1,
      stem: `<p>${stem}</p>`,
      options: [
        { id: 'a', text: 'A square', correct: true },
        { id: 'b', text: 'A circle' },
      ],
    },
  });
}

/** Opens the question's editor from the bank; answers the dialog and its question text. */
async function openInBank(page: Page, title: string, search: string) {
  await page.goto('/assessment/question-bank');
  await page.getByRole('heading', { level: 1, name: 'Question bank' }).waitFor();
  await page.getByRole('textbox', { name: 'Search' }).fill(search);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit question' });
  const text = editor.getByRole('textbox', { name: 'Question text' });
  await text.waitFor();
  return { editor, text };
}

/** Waits until the image has loaded, and answers its natural width (0 when it did not). */
async function loadedWidth(image: Locator): Promise<number> {
  await image.waitFor();
  const handle = await image.elementHandle();
  await image.page().waitForFunction((el) => (el as HTMLImageElement).complete, handle);
  return image.evaluate((el) => (el as HTMLImageElement).naturalWidth);
}

/** Whether anything on the page is wider than the viewport (a sideways scroll). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/*
 * Images in question text (issue 16): a trainer inserts an image into a question's text in the
 * question bank's editor (upload with a description); the learner taking the assessment sees it,
 * loaded from Atrium with its description, fitted to a phone's width.
 */
describe('images in an assessment question', () => {
  it('goes from the trainer’s editor to the learner’s screen', async () => {
    const tag = uniqueTag();
    const title = `Shapes ${tag}`;
    const stem = `Which shape is inside the frame? (${tag})`;
    const trainer = await apiSignIn('trainer');
    const learnerToken = await apiSignIn('learner');
    const learner = await apiJson<{ id: number }>('/api/v1/me/', learnerToken);
    const question = await createQuestion(trainer, title, stem);
    await mkdir(SHOTS, { recursive: true });

    // ── The trainer inserts the image through the question bank's editor ──
    const { page } = await browser.signedInPage('trainer', {
      viewport: { width: 1366, height: 900 },
      reducedMotion: 'reduce',
    });
    const errors = collectPageErrors(page);
    const { editor, text } = await openInBank(page, title, tag);
    await text.click();
    await page.keyboard.press('Control+End');
    // The question text's own toolbar comes first; the feedback fields follow it.
    await editor.getByRole('button', { name: 'Insert image' }).first().click();

    const insert = page.getByRole('dialog', { name: 'Insert image' });
    await insert.getByLabel('Image file').setInputFiles({
      name: 'framed-square.png',
      mimeType: 'image/png',
      buffer: framedSquarePng(),
    });
    await insert.getByText(/^framed-square\.png, /).waitFor();
    expect(await loadedWidth(insert.getByTestId('image-preview'))).toBe(720);
    // A description is asked for before anything is sent.
    await insert.getByRole('button', { name: 'Insert' }).click();
    await insert.getByText('Describe the image, or tick Decorative image.').waitFor();
    await insert.getByRole('textbox', { name: /Image description \(alt text\)/ }).fill(ALT);
    await insert.screenshot({ path: `${SHOTS}/images-insert-dialog.png` });
    await insert.getByRole('button', { name: 'Insert' }).click();
    await insert.waitFor({ state: 'detached' });

    const inEditor = text.getByRole('img', { name: ALT });
    expect(await inEditor.getAttribute('src')).toMatch(IMAGE_SRC);
    expect(await loadedWidth(inEditor)).toBe(720);
    await editor.screenshot({ path: `${SHOTS}/images-editor.png` });

    // The author's preview shows it as a learner will.
    await editor.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    expect(await loadedWidth(preview.getByRole('img', { name: ALT }))).toBe(720);
    await preview.getByRole('button', { name: 'Close' }).click();
    await preview.waitFor({ state: 'detached' });

    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    const saved = await call<{ definition: { stem: string } }>(
      'GET',
      `/api/assessment/question/bank/${question.id}/`,
      trainer,
    );
    expect(saved.definition.stem).toMatch(
      new RegExp(`<img src="/api/assessment/question/image/[0-9a-f-]{36}/" alt="${ALT}"`),
    );
    expect(errors).toEqual([]);

    // ── The assessment, built through the API as the maths spec does ──
    const assessment = await call<{ id: number; uuid: string; pages: { id: number }[] }>(
      'POST',
      '/api/assessment/',
      trainer,
      { title: `Shapes ${tag}` },
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

    // ── The learner, on a phone, sees the image loaded and fitted, with its description ──
    const { page: phone } = await browser.signedInPage('learner', {
      ...PHONE,
      reducedMotion: 'reduce',
    });
    const learnerErrors = collectPageErrors(phone);
    await phone.goto(`/assessment/${assessment.uuid}`);
    await phone.getByRole('button', { name: 'Start attempt' }).click();
    const region = phone.getByRole('region').filter({ hasText: stem });
    const image = region.getByRole('img', { name: ALT });
    expect(await loadedWidth(image)).toBe(720);
    expect(await image.getAttribute('alt')).toBe(ALT);
    const fitted = await image.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const parent = (el.parentElement as HTMLElement).getBoundingClientRect();
      return { width: box.width, height: box.height, room: parent.width };
    });
    expect(fitted.width).toBeLessThanOrEqual(fitted.room + 0.5);
    expect(fitted.width).toBeLessThan(360);
    // Scaled, not squashed: the height follows the width.
    expect(fitted.height / fitted.width).toBeCloseTo(300 / 720, 1);
    expect(await overflowsSideways(phone)).toBe(false);
    await region.getByRole('radio', { name: 'A square' }).check();
    await phone.getByText('Saved', { exact: true }).waitFor();
    await region.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: `${SHOTS}/images-learner-phone.png` });
    expect(learnerErrors).toEqual([]);
  });

  it('fits a phone in the dark theme, and Cancel inserts nothing', async () => {
    const tag = uniqueTag();
    const title = `Phone shapes ${tag}`;
    const trainer = await apiSignIn('trainer');
    await createQuestion(trainer, title, `Which shape? (${tag})`);
    const { page } = await browser.signedInPage('trainer', {
      ...PHONE,
      colorScheme: 'dark',
      reducedMotion: 'reduce',
    });
    const errors = collectPageErrors(page);
    const { editor, text } = await openInBank(page, title, tag);
    await editor.getByRole('button', { name: 'Insert image' }).first().click();
    const insert = page.getByRole('dialog', { name: 'Insert image' });
    // Keyboard first: the dialog starts on its one way to choose a file.
    await insert.getByRole('button', { name: 'Choose an image' }).waitFor();
    expect(
      await insert
        .getByRole('button', { name: 'Choose an image' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await insert.getByLabel('Image file').setInputFiles({
      name: 'framed-square.png',
      mimeType: 'image/png',
      buffer: framedSquarePng(),
    });
    expect(await loadedWidth(insert.getByTestId('image-preview'))).toBe(720);
    await insert.getByRole('checkbox', { name: /Decorative image/ }).check();
    expect(await overflowsSideways(page)).toBe(false);
    await page.screenshot({ path: `${SHOTS}/images-insert-dialog-phone-dark.png` });
    await insert.getByRole('button', { name: 'Cancel' }).click();
    await insert.waitFor({ state: 'detached' });
    expect(await text.locator('img').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
