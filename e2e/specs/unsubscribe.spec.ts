import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignIn, createApprovedUser, type NewUser } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors, saveScreenshot } from '../support/browser.ts';
import { call } from '../support/fixtures.ts';
import type { CaughtMail } from '../support/mail-catcher.ts';
import { waitForMail } from '../support/mailbox.ts';
import { PHONE, useBrowser } from '../support/pages.ts';

const { newPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const PHONE_360 = { ...PHONE, reducedMotion: 'reduce' as const };
/** The contract's UNSUBSCRIBE_PAGE: the path every notification mail links to. */
const UNSUBSCRIBE_PAGE = '/unsubscribe';
const LABEL = 'Your account is approved';
const STOP = `Stop e-mails about “${LABEL}”`;

/** The mail's unsubscribe page link, as a path with its query (the token). */
function unsubscribeLinkIn(mail: CaughtMail): string {
  for (const candidate of mail.text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(candidate);
    if (url.pathname === UNSUBSCRIBE_PAGE && url.searchParams.get('token')) {
      return `${url.pathname}${url.search}`;
    }
  }
  throw new Error(`No ${UNSUBSCRIBE_PAGE} link in the mail:\n${mail.text}`);
}

async function unsubscribeApi(method: 'GET' | 'POST', link: string) {
  const token = new URL(link, 'http://x').searchParams.get('token') ?? '';
  const response = await fetch(
    `${inject('baseURL')}/api/notify/unsubscribe/?token=${encodeURIComponent(token)}`,
    method === 'POST'
      ? { method, headers: { 'content-type': 'application/json' }, body: '{}' }
      : { method },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface Defaults {
  defaults: { type: string; channel: string; frequency: string; state: string }[];
}

async function emailRuleOf(admin: string) {
  const all = await call<Defaults>('GET', '/api/notify/organisation-defaults/', admin);
  const rule = all.defaults.find((d) => d.type === 'user_approved' && d.channel === 'email');
  if (!rule) throw new Error('No e-mail default for user_approved');
  return { type: rule.type, channel: rule.channel, frequency: rule.frequency, state: rule.state };
}

/** No sideways scrolling: everything fits the viewport's width. */
async function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('the unsubscribe page behind a notification mail’s link', () => {
  let user: NewUser;
  let link: string;

  beforeAll(async () => {
    // The admin's approval sends the learner a real 'account approved' mail, at once by default.
    user = await createApprovedUser();
    link = unsubscribeLinkIn(await waitForMail(user.email, /is approved/));
  }, 60_000);

  it('explains a type the organisation forces, and the POST cannot turn it off', async () => {
    const admin = await apiSignIn('admin');
    const before = await emailRuleOf(admin);
    await call('PUT', '/api/notify/organisation-defaults/', admin, {
      defaults: [{ ...before, frequency: 'immediately', state: 'forced' }],
    });
    try {
      const page = await newPage({ ...DESKTOP, colorScheme: 'dark' });
      const errors = collectPageErrors(page);
      await page.goto(link);
      await page
        .getByRole('heading', { level: 1, name: 'These e-mails cannot be turned off' })
        .waitFor();
      await page.getByText(`requires e-mails about “${LABEL}” for every member`).waitFor();
      expect(await page.getByRole('button', { name: STOP }).count()).toBe(0);
      await saveScreenshot(page, 'unsubscribe-forced-desktop-dark');
      expect((await unsubscribeApi('POST', link)).status).toBe(409);
      expect(errors).toEqual([]);
    } finally {
      await call('PUT', '/api/notify/organisation-defaults/', admin, { defaults: [before] });
    }
  });

  it('shows what the link stops, signed out, on a desktop in light mode', async () => {
    const page = await newPage({ ...DESKTOP, colorScheme: 'light', bypassCSP: true });
    const errors = collectPageErrors(page);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Stop these e-mails?' }).waitFor();
    await page.getByText(LABEL, { exact: true }).waitFor();
    await page.getByRole('button', { name: STOP }).waitFor();
    await saveScreenshot(page, 'unsubscribe-confirm-desktop-light');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Opening the page is what a mail scanner does: it must not have unsubscribed anyone.
    expect((await unsubscribeApi('GET', link)).body).toMatchObject({
      type: 'user_approved',
      unsubscribed: false,
    });
    expect(errors).toEqual([]);
  });

  it('turns the e-mail off from the keyboard on a 360 px phone in dark mode; a second POST is harmless', async () => {
    const page = await newPage({ ...PHONE_360, colorScheme: 'dark', bypassCSP: true });
    const errors = collectPageErrors(page);
    await page.goto(link);
    const button = page.getByRole('button', { name: STOP });
    await button.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await saveScreenshot(page, 'unsubscribe-confirm-phone-dark');

    // Reached and pressed with the keyboard alone.
    for (let i = 0; i < 10 && !(await button.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
    await page.getByText(`You will no longer get e-mails about “${LABEL}”.`).waitFor();
    const settings = page.getByRole('link', { name: 'notification settings' });
    expect(await settings.getAttribute('href')).toBe('/myprofile');
    expect(await fitsWidth(page)).toBe(true);
    await saveScreenshot(page, 'unsubscribe-done-phone-dark');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The user's own settings say so.
    const own = await apiSignIn(user.username, user.password);
    const prefs = await call<{
      types: { type: string; channels: { email: { frequency: string } } }[];
    }>('GET', '/api/notify/preferences/', own);
    expect(prefs.types.find((t) => t.type === 'user_approved')?.channels.email.frequency).toBe(
      'off',
    );

    // A mail client's one-click POST after the page's, or a double click: same answer, no error.
    const again = await unsubscribeApi('POST', link);
    expect(again).toEqual({
      status: 200,
      body: { type: 'user_approved', label: LABEL, unsubscribed: true, forced: false },
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Already unsubscribed' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('says a tampered link does not work', async () => {
    const page = await newPage({ ...PHONE_360, colorScheme: 'dark' });
    const errors = collectPageErrors(page);
    await page.goto(`${link}x`);
    await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await saveScreenshot(page, 'unsubscribe-invalid-phone-dark');
    // The browser logs the 404 as a failed resource; nothing else may go wrong.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});
