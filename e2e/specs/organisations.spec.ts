import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';
import { useBrowser } from '../support/pages.ts';
import { originFor, uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 1000 }, reducedMotion: 'reduce' as const };
/** The button and heading colours the theme is switched to, as #0b6e4f and #123c69 compute. */
const GREEN = 'rgb(11, 110, 79)';
const NAVY = 'rgb(18, 60, 105)';

/**
 * Waits until an element's computed colour is `expected` (rgb(…)): buttons fade between colours,
 * and a page first paints the built-in theme until the organisation's has loaded.
 */
async function waitForColour(
  page: Page,
  selector: string,
  property: 'color' | 'backgroundColor',
  expected: string,
) {
  await page.waitForFunction(
    ([css, name, want]) => {
      const element = document.querySelector(css!);
      return element !== null && getComputedStyle(element)[name as 'color'] === want;
    },
    [selector, property, expected],
  );
}

async function addNamed(scope: Locator, label: string, name: string) {
  await scope.getByRole('textbox', { name: label }).fill(name);
  await scope.getByRole('button', { name: /^Add/ }).first().click();
  await scope.getByText(name, { exact: true }).waitFor();
}

// A second browser that sends *.localhost to the test server, to visit the new organisation's domain.
let domainBrowser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
afterAll(async () => {
  await domainBrowser?.close();
});

describe('organisations, their structure and theme', () => {
  it('lets a superadmin create an organisation with departments and designations, then theme it', async () => {
    const { page } = await signedInPage('superadmin', DESKTOP);
    const tag = uniqueTag();
    const title = `Harbour College ${tag}`;
    const domain = `harbour-${tag}.localhost`;

    await page.goto('/organization');
    await page.getByRole('heading', { level: 1, name: 'Organisations' }).waitFor();
    await page.getByRole('button', { name: 'New organisation' }).click();
    const dialog = page.getByRole('dialog', { name: 'New organisation' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Acronym').fill('HC-1');
    await dialog.getByLabel('Domain').fill(domain);
    await dialog.getByLabel('Licence seats').fill('25');
    await dialog.getByLabel('Help-desk URL').fill('help.harbour.test');
    await dialog.getByRole('button', { name: 'Create organisation' }).click();
    // Spec §5: acronyms are letters, digits and spaces; URLs are full http(s) addresses.
    await dialog.getByText('The acronym may contain only letters, digits and spaces.').waitFor();
    await dialog.getByText('Enter a full URL starting with http:// or https://.').waitFor();
    await dialog.getByLabel('Acronym').fill('HC 1');
    await dialog.getByLabel('Help-desk URL').fill('https://help.harbour.test');
    await saveScreenshot(page, 'organisation-create-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create organisation' }).click();

    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/organization\/profile\/\d+$/);
    const departments = page.getByRole('region', { name: 'Departments' });
    await addNamed(departments, 'New department', 'Engineering');
    await addNamed(departments, 'New department', 'Sales');

    await departments.getByRole('button', { name: /^Engineering/ }).click();
    const designations = page.getByRole('region', { name: 'Designations' });
    await addNamed(designations, 'New designation in Engineering', 'Developer');
    await addNamed(designations, 'New designation in Engineering', 'Team Lead');
    const locations = page.getByRole('region', { name: 'Locations' });
    await addNamed(locations, 'New location in Engineering', 'Berlin');
    await departments.getByText('2 designations').waitFor();
    await departments.getByText('1 location').waitFor();
    await saveScreenshot(page, 'organisation-profile-light');

    // The theme: picked by the superadmin, previewed, then saved.
    await page.goto('/themes');
    await page.getByRole('heading', { level: 1, name: 'Theme' }).waitFor();
    await page.getByRole('combobox', { name: 'Organisation' }).fill(title);
    await page.getByRole('option', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: 'Theme' }).waitFor();
    await page.getByText(`The look of ${title}`).waitFor();
    const form = page.getByRole('form', { name: 'Theme' });
    await form.getByRole('textbox', { name: 'Buttons colour', exact: true }).fill('#0b6e4f');
    await form.getByRole('textbox', { name: 'Headings colour', exact: true }).fill('#123c69');
    const preview = '[data-testid=theme-preview]';
    await waitForColour(page, `${preview} [data-preview=button]`, 'backgroundColor', GREEN);
    await waitForColour(page, `${preview} [data-preview=heading]`, 'color', NAVY);
    await saveScreenshot(page, 'themes-light');
    await form.getByRole('button', { name: 'Save theme' }).click();
    await page.getByText('Theme saved.').waitFor();

    // The organisation's own domain now wears the new colours.
    domainBrowser = await launchBrowser(['--host-resolver-rules=MAP *.localhost 127.0.0.1']);
    const visitor = await (await domainBrowser.newContext(DESKTOP)).newPage();
    await visitor.goto(`${originFor(domain)}/`);
    await visitor.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await visitor.getByText(title).first().waitFor();
    await waitForColour(visitor, 'button[type=submit]', 'backgroundColor', GREEN);
    await waitForColour(visitor, 'h1', 'color', NAVY);
    await saveScreenshot(visitor, 'themes-applied-sign-in');
  });

  it('shows an admin their own organisation, and a 409 when deleting a department in use', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    await page.goto('/organization');
    await page.getByRole('heading', { level: 1, name: 'Atrium Demo' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/organization/profile/26');
    const departments = page.getByRole('region', { name: 'Departments' });
    const name = `Support ${uniqueTag()}`;
    await addNamed(departments, 'New department', name);
    await departments.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await addNamed(
      page.getByRole('region', { name: 'Locations' }),
      `New location in ${name}`,
      'Lisbon',
    );

    await departments.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirm.getByRole('button', { name: 'Delete department' }).click();
    await confirm
      .getByText('This department still has 1 location. Move or delete them first.')
      .waitFor();
    await saveScreenshot(page, 'organisation-delete-refused', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: 'Settings' }).click();
    const domainField = page.getByRole('textbox', { name: 'Domain' });
    expect(await domainField.isDisabled()).toBe(true);
    await page.getByText('Only a superadmin can change this.').first().waitFor();
  });
});
