import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { call, tinyPdf } from '../support/fixtures.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { csvFile, uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function shot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage });
  await saveScreenshot(page, name, { fullPage });
}

/** The titles of a sortable list, in order. */
async function listTitles(page: Page, list: string) {
  return page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.textContent ?? ''));
}

describe('course authoring', () => {
  it('lets an admin build a course: form, modules, files, FAQ, publish', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    const pageErrors = collectPageErrors(page);
    const tag = uniqueTag();
    const title = `Authoring ${tag}`;

    await page.goto('/courses/add-course');
    await page.getByRole('heading', { level: 1, name: 'Add a course' }).waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    const editor = page.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await page.keyboard.type('How to lift boxes safely.');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Workplace Safety' }).click();
    await page.getByRole('spinbutton', { name: 'Duration (minutes)' }).fill('45');
    await page.getByRole('textbox', { name: 'Language code' }).fill('en');
    await page.getByRole('combobox', { name: 'Tags' }).fill('Lifting');
    await page.keyboard.press('Enter');
    await page.locator('input[aria-label="Course image file"]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByRole('img', { name: 'Course image preview' }).waitFor();
    await shot(page, 'course-add');
    await page.getByRole('button', { name: 'Create course' }).click();
    await page.waitForURL(/\/courses\/edit-course\/\d+$/);
    const courseId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Category' }).textContent()).toContain(
      'Workplace Safety',
    );
    await page.getByRole('img', { name: 'Course image preview' }).waitFor();

    for (const name of ['First', 'Second']) {
      await page.getByRole('button', { name: 'Add module' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a module' });
      await dialog.getByRole('textbox', { name: 'Module title' }).fill(`${name} ${tag}`);
      await dialog.getByRole('button', { name: 'Add module' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('link', { name: new RegExp(`${name} ${tag}`) }).waitFor();
    }
    expect(await listTitles(page, 'Modules in order')).toEqual([
      expect.stringContaining(`First ${tag}`),
      expect.stringContaining(`Second ${tag}`),
    ]);

    // Keyboard drag: Space picks the handle up, an arrow moves it, Space drops it.
    const saved = page.waitForResponse(
      (r) =>
        r.request().method() === 'PATCH' && r.url().endsWith(`/api/courses/${courseId}/modules/`),
    );
    await page.getByRole('button', { name: `Reorder Second ${tag}` }).focus();
    // At a person's pace: dnd-kit measures the list after the pick-up before arrows move it.
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.getByRole('list', { name: 'Modules in order' }).waitFor();
    expect(await listTitles(page, 'Modules in order')).toEqual([
      expect.stringContaining(`Second ${tag}`),
      expect.stringContaining(`First ${tag}`),
    ]);
    await shot(page, 'course-edit');

    // A file uploaded on the module page goes into the repository and onto the module.
    await page.getByRole('link', { name: new RegExp(`First ${tag}`) }).click();
    await page.getByRole('heading', { level: 1, name: `First ${tag}` }).waitFor();
    // Hold the answer a moment so the progress bar is on screen long enough to be seen.
    await page.route('**/api/courses/file-repo/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const upload = page.locator('input[aria-label="Upload a file"]');
    await upload.setInputFiles({
      name: `guide-${tag}.pdf`,
      mimeType: 'application/pdf',
      buffer: tinyPdf(),
    });
    await page.getByRole('progressbar', { name: /Uploading/ }).waitFor();
    const files = page.getByRole('list', { name: 'Module files in order' });
    await files.getByText(`guide-${tag}.pdf`).waitFor();
    expect(await files.textContent()).toContain('Required');

    // Refusals: a type not allowed (checked before sending), content that lies about its type (server).
    await upload.setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await page.getByRole('alert').filter({ hasText: 'tool.exe is not a' }).waitFor();
    await upload.setInputFiles({
      name: 'fake.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('plain text, not a PDF'),
    });
    await page
      .getByRole('alert')
      .filter({ hasText: 'The file content does not match its .pdf extension.' })
      .first()
      .waitFor();
    await shot(page, 'course-module');

    // The picker lists the repository and marks what the module already has.
    await page.getByRole('button', { name: 'Attach from repository' }).click();
    const picker = page.getByRole('dialog', { name: 'Attach a file from the repository' });
    await picker.getByText(`guide-${tag}.pdf`).waitFor();
    expect(
      await picker.getByRole('button', { name: new RegExp(`guide-${tag}`) }).textContent(),
    ).toContain('already attached');
    await page.waitForTimeout(400); // let the dialog finish fading in
    await shot(page, 'course-file-picker', false);
    await picker.getByRole('button', { name: 'Cancel' }).click();

    // The repository page lists the upload and its use.
    await page.goto('/courses/course-media-detail/pdf');
    await page.getByRole('heading', { level: 1, name: 'PDF files' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: `guide-${tag}.pdf` });
    await row.waitFor();
    expect(await row.textContent()).toContain('1 module');
    await shot(page, 'course-media');

    await page.goto(`/courses/course-faq/${courseId}`);
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    const faq = page.getByRole('dialog', { name: 'Add a FAQ' });
    await faq.getByRole('textbox', { name: 'Question' }).fill('Do I need gloves?');
    await faq.getByRole('textbox', { name: 'Answer' }).fill('Yes, for anything sharp.');
    await faq.getByRole('button', { name: 'Add FAQ' }).click();
    await page
      .getByRole('list', { name: 'FAQs in order' })
      .getByText('Do I need gloves?')
      .waitFor();
    await shot(page, 'course-faq');

    await page.goto(`/courses/edit-course/${courseId}`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await page.getByTestId('course-status').filter({ hasText: 'Published' }).waitFor();
    await page.getByRole('button', { name: 'Unpublish' }).waitFor();
    // Nothing crashed along the way (the editor once did, after a reload).
    expect(pageErrors.filter((error) => error.startsWith('pageerror'))).toEqual([]);
  });

  it('shows a trainer a published course of someone else read-only', async () => {
    const admin = await apiSignIn('admin');
    const course = await call<{ id: number }>('POST', '/api/courses/', admin, {
      title: `Read only ${uniqueTag()}`,
    });
    await call<{ id: number }>('POST', `/api/courses/${course.id}/modules/`, admin, {
      title: 'Welcome',
    });
    await call<{ id: number }>('PATCH', `/api/courses/published/${course.id}/`, admin, {
      status: 'published',
    });

    const { page } = await signedInPage('trainer', { ...PHONE, colorScheme: 'dark' });
    await page.goto(`/courses/edit-course/${course.id}`);
    await page.getByText('This course is published and cannot be edited by you').waitFor();
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add module' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Title' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: /Welcome/ }).waitFor();
    await shot(page, 'course-edit-readonly-phone-dark');
  });

  it('lets a trainer submit their draft for review and withdraw it', async () => {
    const trainer = await apiSignIn('trainer');
    const course = await call<{ id: number }>('POST', '/api/courses/', trainer, {
      title: `Mine ${uniqueTag()}`,
    });
    const { page } = await signedInPage('trainer', DESKTOP);
    await page.goto(`/courses/edit-course/${course.id}`);
    expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit for review' }).click();
    await page.getByTestId('course-status').filter({ hasText: 'Pending review' }).waitFor();
    await page.getByRole('button', { name: 'Withdraw' }).waitFor();
    // Pending courses stay editable by their author (spec §4).
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
  });

  it('imports courses from a spreadsheet, refusing a file with a bad row whole', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    const tag = uniqueTag();
    const header = [
      'course_title',
      'category',
      'level',
      'description',
      'module_title',
      'module_description',
    ];
    const rows = (level: string) => [
      header,
      [`Imported ${tag}`, 'Workplace Safety', 'beginner', 'From a sheet.', 'Part one', ''],
      [`Imported ${tag}`, '', level, '', 'Part two', ''],
    ];
    await page.goto('/courses/add-course?tab=import');
    await page.getByRole('button', { name: 'Download the CSV template' }).waitFor();
    const input = page.locator('input[type=file]');
    await input.setInputFiles(csvFile('courses.csv', rows('expert')));
    await page.getByRole('button', { name: 'Import courses' }).click();
    const report = page.getByRole('table', { name: 'Rows with errors' });
    await report.waitFor();
    await page.getByText('1 of 2 rows have errors. Nothing was imported.').waitFor();
    expect(await report.getByRole('row').nth(1).textContent()).toContain("level: 'expert'");
    await shot(page, 'course-import-refused');

    await input.setInputFiles(csvFile('courses.csv', rows('')));
    await page.getByRole('button', { name: 'Import courses' }).click();
    await page.getByText('1 course and 2 modules were created as drafts.').waitFor();
  });

  it('fits a phone in dark mode', async () => {
    const { page, token } = await signedInPage('admin', { ...PHONE, colorScheme: 'dark' });
    // A file of its own, so the repository table has a row whatever ran before.
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }),
      `phone-${uniqueTag()}.pdf`,
    );
    const uploaded = await fetch(`${inject('baseURL')}/api/courses/file-repo/`, {
      method: 'POST',
      headers: { authorization: `Token ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    await page.goto('/courses/add-course');
    await page.getByRole('heading', { level: 1, name: 'Add a course' }).waitFor();
    await page.getByRole('textbox', { name: 'Description' }).waitFor();
    await shot(page, 'course-add-phone-dark');
    await page.getByRole('tab', { name: 'Import from a spreadsheet' }).click();
    await page.getByRole('button', { name: 'Download the CSV template' }).waitFor();
    await shot(page, 'course-import-phone-dark');
    await page.goto('/courses/course-media-detail/all');
    await page.getByRole('heading', { level: 1, name: 'File repository' }).waitFor();
    await page.getByRole('table', { name: 'Repository files' }).waitFor();
    await shot(page, 'course-media-phone-dark');
    // The page is as wide as the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  it('keeps learners out of the authoring form', async () => {
    const { page } = await signedInPage('learner', DESKTOP);
    await page.goto('/courses/add-course');
    await page.getByRole('heading', { level: 1, name: 'You cannot add courses' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create course' }).count()).toBe(0);
  });
});
