import { describe, expect, it } from 'vitest';
import { newUserDetails } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { useBrowser, waitForDashboard } from '../support/pages.ts';

const { newPage } = useBrowser();

describe('sign-up (spec §2 /signup, /verify-email)', () => {
  it('signs up, follows the mailed link, activates the account and signs in', async () => {
    const user = newUserDetails();
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();

    await page.getByLabel('First name').fill('Eve');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel(/^User name/).fill(user.username);
    await page.getByLabel(/^E-mail address/).fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByLabel(/^Confirm password/).fill('something-else-entirely');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('The two passwords do not match.').waitFor();

    await page.getByLabel(/^Confirm password/).fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
    expect(await page.getByText(user.email).isVisible()).toBe(true);

    const mail = await waitForMail(user.email, /confirm your e-mail address/);
    await page.goto(linkIn(mail, '/verify-email/'));
    await page.getByRole('heading', { level: 1, name: 'E-mail address confirmed' }).waitFor();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('User name or e-mail').fill(user.username);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForDashboard(page);

    // A new account waits for an administrator: no top bar and no menu until then (spec §4).
    await page.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(0);
  });

  it('refuses the same link twice', async () => {
    const user = newUserDetails();
    const page = await newPage();
    await page.goto('/signup');
    await page.getByLabel(/^User name/).fill(user.username);
    await page.getByLabel(/^E-mail address/).fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByLabel(/^Confirm password/).fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    const link = linkIn(await waitForMail(user.email, /confirm your e-mail/), '/verify-email/');

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'E-mail address confirmed' }).waitFor();
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
    await page.getByText('The activation link is invalid or has expired.').waitFor();
  });
});
