import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { createActiveUser } from '../support/accounts.ts';
import { codeIn, linkIn, waitForMail } from '../support/mailbox.ts';
import { useBrowser, waitForDashboard } from '../support/pages.ts';

const { newPage } = useBrowser();

async function requestReset(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { level: 1, name: 'Trouble signing in?' }).waitFor();
  await page.getByRole('link', { name: /E-mail me a reset link/ }).click();
  await page.getByLabel(/^E-mail address or user name/).fill(email);
  await page.getByRole('button', { name: 'Send reset e-mail' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
  return waitForMail(email, /reset your password/);
}

async function chooseNewPassword(page: Page, password: string) {
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm new password/).fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByRole('heading', { level: 1, name: 'Password changed' }).waitFor();
}

async function signInWith(page: Page, username: string, password: string) {
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('User name or e-mail').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForDashboard(page);
}

describe('password reset (spec §2 /password/...)', () => {
  it('resets by the mailed link', async () => {
    const user = await createActiveUser();
    const page = await newPage();
    const mail = await requestReset(page, user.email);

    await page.goto(linkIn(mail, '/password/reset/confirm/'));
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await chooseNewPassword(page, `${user.password}-by-link`);
    await signInWith(page, user.username, `${user.password}-by-link`);
  });

  it('resets by the 6-digit code', async () => {
    const user = await createActiveUser();
    const page = await newPage();
    const mail = await requestReset(page, user.email);

    await page.getByRole('link', { name: 'Enter the code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset with a code' }).waitFor();
    // The address comes along from the previous step.
    await page.getByLabel(/^6-digit code/).fill('000000');
    await page.getByLabel(/^New password/).fill(`${user.password}-by-code`);
    await page.getByLabel(/^Confirm new password/).fill(`${user.password}-by-code`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The code is invalid or has expired.').first().waitFor();

    await page.getByLabel(/^6-digit code/).fill(codeIn(mail));
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password changed' }).waitFor();
    await signInWith(page, user.username, `${user.password}-by-code`);
  });
});
