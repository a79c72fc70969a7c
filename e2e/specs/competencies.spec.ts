import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { useBrowser } from '../support/pages.ts';
import { uniqueTag } from '../support/people.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';

const { signedInPage } = useBrowser();
const DESKTOP = {
  viewport: { width: 1366, height: 900 },
  reducedMotion: 'reduce' as const,
  bypassCSP: true,
};

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect
    .poll(() => page.getByRole('tab', { name }).getAttribute('aria-selected'))
    .toBe('true');
}

describe('issue 21: competency frameworks, a learner’s profile and the gaps', () => {
  it('an admin creates a framework and imports its competencies from CSV, a bad row refused first', async () => {
    const name = `Customer care ${uniqueTag()}`;
    const { page } = await signedInPage('admin', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/competency');
    await page.getByRole('heading', { level: 1, name: 'Competencies' }).waitFor();
    await page.getByRole('button', { name: 'New framework' }).click();
    const create = page.getByRole('dialog', { name: 'New framework' });
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('button', { name: 'Create' }).click();
    await create.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name }).waitFor();

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import competencies from CSV' });
    const csv = dialog.getByRole('textbox', { name: 'CSV text' });
    // A child naming a parent code the file does not have: nothing is imported.
    await csv.fill(
      'code,name,description,parent_code\nCC,Customer care,,\nCC.1,Listening,Hears the need,CC\nCC.2,Follow-up,,XX',
    );
    await dialog.getByRole('button', { name: 'Import' }).click();
    const problems = dialog.getByRole('list', { name: 'Import errors' });
    await problems.waitFor();
    expect(await problems.textContent()).toContain('XX');
    await csv.fill(
      'code,name,description,parent_code\nCC,Customer care,,\nCC.1,Listening,Hears the need,CC\nCC.2,Follow-up,,CC',
    );
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor({ state: 'detached' });
    const tree = page.getByRole('list', { name: 'Competencies' });
    for (const code of ['CC', 'CC.1', 'CC.2']) {
      await tree.getByRole('button', { name: `Edit ${code}`, exact: true }).waitFor();
    }
    await saveScreenshot(page, 'competency-frameworks');

    await openTab(page, 'Gaps');
    // The demo's framework expects Practitioner on two competencies; the learner works in
    // Operations and is rated on Fire response only (the figures are tested on the server).
    await page.getByRole('combobox', { name: 'Framework' }).click();
    await page.getByRole('option', { name: 'Workplace Safety' }).click();
    const heat = page.getByRole('table', { name: 'Gaps per department and competency' });
    await heat.getByRole('rowheader', { name: 'Operations' }).waitFor();
    for (const code of ['WS.1', 'WS.2'])
      await heat.getByRole('columnheader', { name: code, exact: true }).waitFor();
    await page.getByRole('list', { name: 'Legend' }).waitFor();
    await page.mouse.move(600, 700);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'competency-gaps');
    // The refused import is the one failed request.
    expect(errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });

  it('an admin renames a level, links a competency to a course found by title, and records evidence the member’s profile then shows', async () => {
    const name = `Service desk ${uniqueTag()}`;
    const { page } = await signedInPage('admin', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/competency');
    await page.getByRole('button', { name: 'New framework' }).click();
    const create = page.getByRole('dialog', { name: 'New framework' });
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('button', { name: 'Create' }).click();
    await create.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const importing = page.getByRole('dialog', { name: 'Import competencies from CSV' });
    await importing
      .getByRole('textbox', { name: 'CSV text' })
      .fill(
        'code,name,description,parent_code\nSD,Service desk,,\nSD.1,Triage,Sorts calls by urgency,SD',
      );
    await importing.getByRole('button', { name: 'Import' }).click();
    await importing.waitFor({ state: 'detached' });

    // ── The scale: "Expert" becomes "Mentor" ──
    await page.getByRole('button', { name: 'Edit framework' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit framework' });
    await edit.getByRole('textbox', { name: 'Level 4' }).fill('Mentor');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    const scale = page.getByLabel('Scale', { exact: true });
    await scale.getByText('Mentor').waitFor();
    expect(await scale.textContent()).not.toContain('Expert');

    // ── A link to a course, picked by its title, listed by name ──
    // Other specs' frameworks may sort first: each tab is pointed at this one.
    const pick = async () => {
      await page.getByRole('combobox', { name: 'Framework' }).click();
      await page.getByRole('option', { name, exact: true }).click();
    };
    await openTab(page, 'Links');
    await pick();
    const form = page.getByRole('form', { name: 'Add link' });
    await form.getByRole('combobox', { name: 'Competency' }).click();
    await page.getByRole('option', { name: /^SD\.1 — Triage/ }).click();
    await form.getByRole('combobox', { name: 'Course' }).fill('First Aid');
    await page.getByRole('option', { name: 'First Aid at Work', exact: true }).click();
    await form.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: /Practitioner/ }).click();
    await form.getByRole('button', { name: 'Add link' }).click();
    const links = page.getByRole('table', { name: 'Links' });
    await links.getByText('Course: First Aid at Work').first().waitFor();

    // ── Evidence recorded by hand for the demo learner, seen on her profile ──
    await openTab(page, 'Frameworks');
    await pick();
    await page.getByRole('button', { name: 'Record evidence for SD.1' }).click();
    const record = page.getByRole('dialog', { name: 'Record evidence' });
    await record.getByRole('combobox', { name: 'Member' }).fill('Lena');
    await page.getByRole('option', { name: /^Lena Learner \(learner@demo/ }).click();
    await record.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: /Mentor/ }).click();
    await record.getByRole('textbox', { name: 'Note' }).fill('Ran the triage rota for a week.');
    await record.getByRole('button', { name: 'Record' }).click();
    await record.waitFor({ state: 'detached' });

    await openTab(page, 'My profile');
    await page.getByRole('combobox', { name: 'Member' }).fill('Lena');
    await page.getByRole('option', { name: /^Lena Learner \(learner@demo/ }).click();
    const evidence = page.getByRole('list', { name: 'Evidence for SD.1' });
    await evidence.getByText('Ran the triage rota for a week.', { exact: false }).waitFor();
    expect(await evidence.textContent()).toContain('Mentor');
    await saveScreenshot(page, 'competency-member-profile');
    expect(errors).toEqual([]);
  });

  it('the learner reads their own profile (the demo’s rating with its evidence), on a phone too', async () => {
    const { page } = await signedInPage('learner', PHONE_DARK);
    const errors = collectPageErrors(page);
    await page.goto('/competency?tab=profile');
    await page.getByRole('heading', { level: 1, name: 'Competencies' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Gaps' }).count()).toBe(0);
    await page
      .getByRole('list', { name: /^Evidence for WS/ })
      .first()
      .waitFor();
    await expectFitsPhone(page, 'competency-profile-phone');
    expect(errors).toEqual([]);
  });
});
