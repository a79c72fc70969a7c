import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { saveScreenshot } from '../support/browser.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { uniqueTag, userIdOf } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 1000 }, reducedMotion: 'reduce' as const };

async function openProfile(page: Page, path: string, name: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('profiles', () => {
  it('lets a learner edit their profile and add education, kept after a reload', async () => {
    const { page } = await signedInPage('learner', DESKTOP);
    await openProfile(page, '/myprofile', 'Lena Learner');
    const tag = uniqueTag();
    const phone = `+44 20 7946 ${Math.floor(1000 + Math.random() * 8999)}`;

    await page.getByRole('button', { name: 'Edit about' }).click();
    const about = page.getByRole('dialog', { name: 'Edit about' });
    await about.getByLabel('Phone').fill(phone);
    await about.getByLabel('About me').fill(`Learning every day (${tag}).`);
    await about.getByRole('button', { name: 'Save' }).click();
    await about.waitFor({ state: 'hidden' });

    await region(page, 'Education').getByRole('button', { name: 'Add', exact: true }).click();
    const education = page.getByRole('dialog', { name: 'Add education' });
    await education.getByLabel('Institution').fill(`Open University ${tag}`);
    await education.getByLabel('Degree').fill('BSc');
    await education.getByLabel('Field of study').fill('Computing');
    await education.getByLabel('Start year').fill('2018');
    await education.getByLabel('End year').fill('2016');
    await education.getByRole('button', { name: 'Add education' }).click();
    // Spec §5 ranges: the end cannot come before the start; nothing is sent.
    await education.getByText('The end year cannot be before the start year.').waitFor();
    await education.getByLabel('End year').fill('2021');
    await education.getByRole('button', { name: 'Add education' }).click();
    await education.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Lena Learner' }).waitFor();
    await region(page, 'About').getByText(phone).waitFor();
    await region(page, 'About').getByText(`Learning every day (${tag}).`).waitFor();
    const entry = region(page, 'Education')
      .getByRole('listitem')
      .filter({
        hasText: `Open University ${tag}`,
      });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('BSc, Computing');
    expect(await entry.innerText()).toContain('2018–2021');
    await saveScreenshot(page, 'myprofile-light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.mouse.move(600, 900);
    await saveScreenshot(page, 'myprofile-dark');
  });

  it('refuses a social link that is not a full http(s) URL (spec §5)', async () => {
    const { page } = await signedInPage('learner', DESKTOP);
    await openProfile(page, '/myprofile', 'Lena Learner');
    await page.getByRole('button', { name: 'Edit social links' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit social links' });
    await dialog.getByLabel('Website').fill('lena.example');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a full URL starting with http:// or https://.').waitFor();
    await dialog.getByLabel('Website').fill('https://lena.example');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await region(page, 'Social links')
      .getByRole('link', { name: 'https://lena.example' })
      .waitFor();
  });

  it("shows an admin someone's profile with their activity, and the guided form", async () => {
    const learnerId = await userIdOf(await apiSignIn('learner'));
    const { page } = await signedInPage('admin', DESKTOP);
    await openProfile(page, `/profile_by_id/${learnerId}`, 'Lena Learner');
    await region(page, 'Activity').getByRole('list', { name: 'Recent sign-ins' }).waitFor();
    await saveScreenshot(page, 'profile-by-id-light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.mouse.move(600, 900);
    await saveScreenshot(page, 'profile-by-id-dark');

    const { page: learner } = await signedInPage('learner', DESKTOP);
    await learner.goto('/newProfile');
    await learner.getByRole('heading', { level: 1, name: 'Complete your profile' }).waitFor();
    await learner.getByRole('button', { name: 'Save and continue' }).click();
    await learner.getByRole('heading', { level: 2, name: 'Education' }).waitFor();
    await saveScreenshot(learner, 'new-profile-light');

    const { page: phone } = await signedInPage('learner', { ...PHONE, reducedMotion: 'reduce' });
    await openProfile(phone, '/myprofile', 'Lena Learner');
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(phone, 'myprofile-phone');
  });
});
