import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { useBrowser } from '../support/pages.ts';
import { uniqueTag } from '../support/people.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';
import { makeOverdueLearner, type OverdueLearner } from '../support/reports.ts';

const { signedInPage } = useBrowser();
const DESKTOP = {
  viewport: { width: 1366, height: 900 },
  reducedMotion: 'reduce' as const,
  bypassCSP: true,
  acceptDownloads: true,
};

/**
 * Issue 22 (part 3): an admin builds a custom report of course progress narrowed to one
 * learner, saves it shared with trainers, exports it as XLSX (opened here: the same row as the
 * screen) and schedules it weekly; the schedule is listed with its next run.
 */
describe('issue 22: the report builder, exports and schedules', () => {
  const tag = uniqueTag();
  let learner: OverdueLearner;

  beforeAll(async () => {
    learner = await makeOverdueLearner(tag, `Builder ${tag}`);
  }, 90_000);

  it('an admin builds, saves, exports and schedules a custom report', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/reports');
    await page.getByRole('tab', { name: 'Custom reports' }).click();
    await page.waitForURL('**/reports/custom');
    await page.getByRole('link', { name: 'New report' }).click();
    await page.getByRole('heading', { level: 1, name: 'New custom report' }).waitFor();

    // Course progress, with the course column, narrowed to this run's learner.
    await page.getByRole('combobox', { name: 'Data source' }).click();
    await page.getByRole('option', { name: 'Course progress', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Course', exact: true }).check();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('combobox', { name: 'Column' }).click();
    await page.getByRole('option', { name: 'Learner', exact: true }).click();
    await page.getByRole('combobox', { name: 'Condition' }).click();
    await page.getByRole('option', { name: 'contains', exact: true }).click();
    await page.getByRole('textbox', { name: 'Value' }).fill(`Builder ${tag}`);
    const preview = page.getByRole('region', { name: 'Preview' });
    const row = preview.getByRole('row').filter({ hasText: learner.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('First Aid at Work');
    await expect.poll(() => preview.getByRole('row').count()).toBe(2);

    // Saved, shared with trainers: the page becomes the saved report's view.
    const name = `Operations progress ${tag}`;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save report' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('checkbox', { name: 'Trainer' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.waitForURL(/\/reports\/custom\/\d+$/);
    await preview.getByRole('row').filter({ hasText: learner.name }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'custom-report-saved');

    // XLSX: the file holds the row the screen shows.
    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    // exceljs types an ArrayBuffer; a Node Buffer is what it reads.
    await workbook.xlsx.load(
      (await readFile((await file.path()) as string)) as unknown as ArrayBuffer,
    );
    const sheet = workbook.worksheets[0]!;
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).filter(Boolean).map(String);
    expect(cells(1)).toEqual(expect.arrayContaining(['Learner', 'Course']));
    expect(sheet.actualRowCount).toBe(2);
    expect(cells(2)).toEqual(expect.arrayContaining([learner.name, 'First Aid at Work']));

    // Weekly on Mondays to the organisation's admins.
    await page.getByRole('button', { name: 'Schedule' }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule a report' });
    await schedule.getByRole('combobox', { name: 'Repeat' }).click();
    await page.getByRole('option', { name: 'Every week', exact: true }).click();
    await schedule.getByRole('combobox', { name: 'On' }).click();
    await page.getByRole('option', { name: 'Monday', exact: true }).click();
    await schedule.getByRole('checkbox', { name: 'Admins', exact: true }).check();
    await schedule.getByRole('button', { name: 'Schedule' }).click();
    await schedule.waitFor({ state: 'detached' });

    await page.goto('/reports/schedules');
    const listed = page.getByRole('row').filter({ hasText: name });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('Every Monday at');
    await saveScreenshot(page, 'report-schedules');
    expect(errors).toEqual([]);
  }, 120_000);

  it('the builder, schedules and downloads fit a 360 px phone in dark mode', async () => {
    const { page } = await signedInPage('admin', PHONE_DARK);
    await page.goto('/reports/custom/new');
    await page.getByRole('combobox', { name: 'Data source' }).waitFor();
    await page.getByRole('region', { name: 'Preview' }).getByRole('row').nth(1).waitFor();
    await expectFitsPhone(page, 'custom-report-phone-dark');
    await page.goto('/reports/schedules');
    await page.getByRole('heading', { name: 'Scheduled reports' }).waitFor();
    await expectFitsPhone(page, 'report-schedules-phone-dark');
    await page.goto('/reports/downloads');
    await page.getByRole('tab', { name: 'Downloads', selected: true }).waitFor();
    await expectFitsPhone(page, 'report-downloads-phone-dark');
  });

  it('the learner’s dashboard lists the overdue course first on their to-do list', async () => {
    const { page } = await signedInPage(learner, DESKTOP);
    await page.goto('/dashboard');
    const todo = page.getByRole('region', { name: 'To do' });
    const first = todo.getByRole('listitem').first();
    await first.waitFor();
    expect(await first.textContent()).toContain('First Aid at Work');
    expect(await first.textContent()).toMatch(/overdue/i);
    await saveScreenshot(page, 'dashboard-learner-todo');
  });
});
