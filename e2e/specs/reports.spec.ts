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
};

/**
 * Issue 22 (part 2): a learner of the demo's Operations department, assigned the trainer's
 * "First Aid at Work" with a due date that has passed: overdue on the trainer's dashboard, one
 * of Operations' enrolments on the admin's /reports, and the author of a journal entry shared
 * with the trainer.
 */
describe('issue 22: reports, learners at risk and the learning journal', () => {
  const tag = uniqueTag();
  let learner: OverdueLearner;

  beforeAll(async () => {
    learner = await makeOverdueLearner(tag, `Overdue ${tag}`);
  }, 90_000);

  it('the trainer’s dashboard names the overdue learner', async () => {
    const { page } = await signedInPage('trainer', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/dashboard');
    const row = page.getByRole('listitem').filter({ hasText: learner.name });
    await row.waitFor();
    expect(await row.textContent()).toContain('First Aid at Work');
    await row.getByText(/^Overdue · 3 days/).waitFor();
    await saveScreenshot(page, 'dashboard-trainer-at-risk');
    expect(errors).toEqual([]);
  });

  it('an admin opens /reports, narrows it to a department and reads a chart as a table', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await page.getByRole('heading', { name: 'Current statistics' }).waitFor();
    await page.getByRole('combobox', { name: 'Department' }).click();
    await page.getByRole('option', { name: 'Operations', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.has('department'));
    // Operations' enrolments: the demo learner's and the overdue learner's.
    const topCourses = page.getByRole('region', { name: 'Top 5 courses' });
    await topCourses.getByRole('button', { name: 'Table' }).click();
    await topCourses.getByRole('rowheader', { name: 'First Aid at Work' }).waitFor();
    await page.mouse.move(600, 10);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'reports-admin');
    // A shared link opens the same view.
    const url = page.url();
    await page.goto(url);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Department' }).textContent())
      .toContain('Operations');
    expect(errors).toEqual([]);
  });

  it('the learner writes a journal entry shared with the trainer, who reads it on the dashboard', async () => {
    const { page } = await signedInPage(learner, DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'New entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'New journal entry' });
    const title = `Bandaging practice ${tag}`;
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'What went well' }).fill('The recovery position');
    await dialog.getByRole('combobox', { name: 'Course' }).click();
    await page.getByRole('option', { name: 'First Aid at Work' }).click();
    await dialog.getByRole('combobox', { name: 'Who can read it' }).click();
    await page.getByRole('option', { name: 'Shared with the trainer' }).click();
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await dialog.waitFor({ state: 'detached' });
    const mine = page.getByRole('list', { name: 'Journal entries' });
    await mine.getByText(title).waitFor();

    const trainer = await signedInPage('trainer', DESKTOP);
    await trainer.page.goto('/dashboard');
    const shared = trainer.page.getByRole('list', { name: 'Shared journal entries' });
    await shared.getByText(title).waitFor();
    expect(await shared.textContent()).toContain('The recovery position');
    expect(errors).toEqual([]);
  });

  it('/reports fits a 360 px phone in dark mode', async () => {
    const { page } = await signedInPage('admin', PHONE_DARK);
    await page.goto('/reports');
    await page.getByRole('heading', { name: 'Current statistics' }).waitFor();
    await page.getByRole('heading', { name: 'Top 5 courses' }).waitFor();
    await expectFitsPhone(page, 'reports-phone-dark');
  });
});
