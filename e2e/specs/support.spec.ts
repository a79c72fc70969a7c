import { describe, expect, it } from 'vitest';
import { collectPageErrors } from '../support/browser.ts';
import { waitForMail } from '../support/mailbox.ts';
import { useBrowser } from '../support/pages.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';
import { rgbPng } from '../support/png.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const LEARNER_EMAIL = 'learner@demo.atrium.local';

describe('issue 23: support tickets', () => {
  it('a learner opens a ticket with a screenshot, an admin answers from the queue, the learner reads it', async () => {
    const subject = `The player stays blank ${Date.now()}`;
    const answer = 'Please reload the page with Ctrl+Shift+R and try again.';
    const { page } = await signedInPage('learner', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Support' }).click();
    await page.waitForURL(/\/support\?from=/);
    const form = page.getByRole('form', { name: 'New ticket' });
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await form.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Technical problem' }).click();
    await form
      .getByRole('textbox', { name: 'Description' })
      .fill('I open the course and see nothing.');
    await page.getByTestId('ticket-attachments').setInputFiles({
      name: 'screenshot.png',
      mimeType: 'image/png',
      buffer: rgbPng(16, 16, (x, y) => [x * 16, y * 16, 128]),
    });
    await form.getByRole('button', { name: 'screenshot.png' }).waitFor();
    await form.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/support\/tickets\/\d+$/);
    await page.getByRole('heading', { level: 1, name: subject }).waitFor();
    const ticketUrl = page.url();
    const reference = (await page.getByText(/^UKSC-\d{6} · /).textContent())!.split(' ')[0]!;
    await page.getByRole('button', { name: 'screenshot.png' }).waitFor();

    const admin = await signedInPage('admin', DESKTOP);
    await admin.page.goto('/support');
    const queue = admin.page.getByRole('list', { name: 'Support queue' });
    await queue.getByText(subject).click();
    await admin.page.waitForURL(/\/support\/tickets\/\d+$/);
    // The page the learner came from and their browser are shown to staff.
    await admin.page.getByText(/from \/dashboard/).waitFor();
    const reply = admin.page.getByRole('form', { name: 'Reply' });
    await reply.getByRole('textbox', { name: 'Your reply' }).fill(answer);
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await admin.page.getByRole('list', { name: 'Conversation' }).getByText(answer).waitFor();

    await page.goto(ticketUrl);
    await page.getByRole('list', { name: 'Conversation' }).getByText(answer).waitFor();
    await page.getByText('Waiting on requester').first().waitFor();
    const mail = await waitForMail(LEARNER_EMAIL, new RegExp(`\\[${reference}\\]`));
    expect(mail.text).toContain(answer);
    expect(errors).toEqual([]);
    const phone = await signedInPage('learner', PHONE_DARK);
    await phone.page.goto(ticketUrl);
    await phone.page.getByRole('list', { name: 'Conversation' }).getByText(answer).waitFor();
    await expectFitsPhone(phone.page, 'support-ticket-phone-dark');
  });
});
