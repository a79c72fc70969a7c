import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.ts';
import { useBrowser } from '../support/pages.ts';
import { csvFile, uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

async function openUsers(page: Page) {
  await page.goto('/settings');
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).waitFor();
}

/** Types into the search box and waits for the list to answer for exactly that search. */
async function searchUsers(page: Page, text: string) {
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/accounts/get-users/') &&
      new URL(response.url()).searchParams.get('search') === text,
  );
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  await answered;
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

describe('user administration (/settings)', () => {
  it('lets an admin add a user, who then shows in the list', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    await openUsers(page);
    const tag = uniqueTag();
    const username = `nia-${tag}`;

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByLabel('First name').fill('Nia');
    await dialog.getByLabel('Last name').fill(`Okafor ${tag}`);
    await dialog.getByRole('textbox', { name: 'User name' }).fill(username);
    await dialog.getByRole('textbox', { name: 'E-mail address' }).fill(`${username}@example.test`);
    await saveScreenshot(page, 'settings-add-user-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await page
      .getByText(`Nia Okafor ${tag} was added and e-mailed a link to set a password.`)
      .waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await searchUsers(page, username);
    const rows = usersTable(page).getByRole('row');
    await rows.filter({ hasText: `${username}@example.test` }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).textContent()).toContain('Learner');
  });

  it('refuses a whole CSV with one bad row, shows that row, then imports the fixed file', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    const tag = uniqueTag();
    const header = ['username', 'email', 'first_name', 'last_name', 'role'];
    const row = (n: number, email = `imp-${tag}-${n}@example.test`) => [
      `imp-${tag}-${n}`,
      email,
      'Imported',
      `Person ${n}`,
      'learner',
    ];

    await page.goto('/user-import');
    await page.getByRole('heading', { level: 1, name: 'Import users' }).waitFor();
    const fileInput = page.locator('input[type=file]');
    await fileInput.setInputFiles(
      csvFile('people.csv', [header, row(1), row(2, 'not-an-address'), row(3)]),
    );
    await page.getByRole('button', { name: 'Import users' }).click();

    const report = page.getByRole('table', { name: 'Rows with errors' });
    await report.waitFor();
    await page.getByText('1 of 3 rows have errors. Nothing was imported.').first().waitFor();
    // The header is line 1, so the second person is on line 3.
    const lines = report.getByRole('row');
    expect(await lines.count()).toBe(2);
    expect(await lines.nth(1).innerText()).toMatch(/^3\s+email\s+Enter a valid e-mail address\.$/);
    await saveScreenshot(page, 'user-import-errors');

    // Nothing was written: not even the two good rows.
    await openUsers(page);
    await searchUsers(page, `imp-${tag}`);
    await page.getByText('No users match these filters.').waitFor();

    await page.goto('/user-import');
    await fileInput.setInputFiles(csvFile('people-fixed.csv', [header, row(1), row(2), row(3)]));
    await page.getByRole('button', { name: 'Import users' }).click();
    await page.getByText('3 users imported. Their welcome mails are on their way.').waitFor();
    await page.getByText('3 new accounts from people-fixed.csv.').waitFor();
    await saveScreenshot(page, 'user-import-done');

    await page.getByRole('link', { name: 'See users' }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await searchUsers(page, `imp-${tag}`);
    await usersTable(page).getByText(`imp-${tag}-3@example.test`).waitFor();
    expect(await usersTable(page).getByRole('row').count()).toBe(4);
  });

  it('looks right in light and dark mode and on a 360 px phone', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    await openUsers(page);
    await saveScreenshot(page, 'settings-light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.mouse.move(600, 700);
    await saveScreenshot(page, 'settings-dark');

    // The demo learner, whose menu the admin may edit: the first page's rows depend on what the
    // other specs made (their users are newer), so the row is found, not assumed.
    await searchUsers(page, 'learner@demo.atrium.local');
    await usersTable(page)
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Edit menu permissions…' }).click();
    await page
      .getByRole('dialog', { name: /^Menu of / })
      .getByRole('switch')
      .first()
      .waitFor();
    await saveScreenshot(page, 'settings-permissions-dark', { fullPage: false });

    const { page: phone } = await signedInPage('admin', {
      viewport: { width: 360, height: 780 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    await openUsers(phone);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(phone, 'settings-phone');
  });
});
