import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors } from '../support/browser.ts';
import { waitForMail } from '../support/mailbox.ts';
import { useBrowser } from '../support/pages.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';

const { newPage, signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const ADMIN_EMAIL = 'admin@demo.atrium.local';

describe('issue 23: contact us and feedback', () => {
  it('a signed-out visitor writes through the contact form; the admin is mailed and reads it', async () => {
    // bypassCSP: the axe check injects its script.
    const page = await newPage({ ...DESKTOP, bypassCSP: true });
    const errors = collectPageErrors(page);
    const subject = `How do I get an account ${Date.now()}`;
    await page.goto('/contactUs');
    await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
    const form = page.getByRole('form', { name: 'Contact us' });
    // Sent empty, the form says what is missing and nothing is sent.
    await form.getByRole('button', { name: 'Send message' }).click();
    await form
      .getByText(/required|enter/i)
      .first()
      .waitFor();

    await form.getByRole('textbox', { name: 'Name' }).fill('Pat Visitor');
    await form.getByRole('textbox', { name: 'E-mail' }).fill('pat.visitor@example.com');
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await form
      .getByRole('textbox', { name: 'Message' })
      .fill('Our team would like to join your courses. Who should we talk to?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /thank|sent|received/i })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);

    const mail = await waitForMail(ADMIN_EMAIL, new RegExp(`Contact form: ${subject}`));
    expect(mail.text).toContain('pat.visitor@example.com');

    const admin = await signedInPage('admin', DESKTOP);
    await admin.page.goto('/contactUs?tab=messages');
    const inbox = admin.page.getByRole('list', { name: 'Contact messages' });
    await inbox.getByText(subject).waitFor();
    expect(await inbox.getByText('Pat Visitor').count()).toBeGreaterThan(0);
  });

  it('a learner rates the page they came from; the admin sees it in the list', async () => {
    const comment = `The catalogue filters are handy ${Date.now()}`;
    const { page } = await signedInPage('learner', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Feedback' }).click();
    await page.waitForURL(/\/feedback\?from=/);
    const form = page.getByRole('form', { name: 'Feedback' });
    // Without a rating the form refuses and says why.
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await form.getByText('Choose a rating from 1 to 5.').waitFor();
    await form.getByRole('radio', { name: /The page/ }).check();
    // The star itself, as a person clicks it (the radio is visually hidden under it).
    await form.locator('label', { hasText: '4 Stars' }).click();
    expect(await form.getByRole('radio', { name: '4 Stars' }).isChecked()).toBe(true);
    await form.getByRole('textbox', { name: 'Comment (optional)' }).fill(comment);
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Thank you for your feedback.').waitFor();
    expect(errors).toEqual([]);

    const admin = await signedInPage('admin', PHONE_DARK);
    await admin.page.goto('/feedback?tab=all');
    const row = admin.page.getByRole('row').filter({ hasText: comment });
    await row.waitFor();
    expect(await row.textContent()).toContain('/dashboard');
    await row.getByLabel('4 of 5').waitFor();
    await expectFitsPhone(admin.page, 'feedback-list-phone-dark');
  });
});
