import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors } from '../support/browser.ts';
import { call } from '../support/fixtures.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { uniqueTag, userIdOf } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

async function shot(page: Page, name: string) {
  await mkdir('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
}

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

describe('direct messages', () => {
  it('two users exchange messages and each sees the other’s appear live, without reload', async () => {
    const tag = uniqueTag();
    const learnerId = await userIdOf(await apiSignIn('learner'));
    const conversation = await call<{ id: number }>(
      'POST',
      '/api/messages/conversations/direct/',
      await apiSignIn('admin'),
      { user_id: learnerId },
    );

    const admin = await signedInPage('admin', DESKTOP);
    const learner = await signedInPage('learner', { ...PHONE, colorScheme: 'dark' });
    const errors = [...collectPageErrors(admin.page), ...collectPageErrors(learner.page)];
    // Each page's realtime stream is open before anyone writes: what arrives comes over it.
    const streams = [admin.page, learner.page].map((page) =>
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stream/' && r.ok()),
    );
    await admin.page.goto(`/messages?c=${conversation.id}`);
    await learner.page.goto(`/messages?c=${conversation.id}`);
    await Promise.all(streams);
    for (const page of [admin.page, learner.page]) {
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      await page.getByRole('log', { name: 'Messages' }).waitFor();
    }

    const hello = `Hello from the admin ${tag}`;
    await send(admin.page, hello);
    const onLearner = learner.page.getByRole('log', { name: 'Messages' }).getByText(hello);
    await onLearner.waitFor({ timeout: 10_000 });

    const reply = `Thanks, **noted** ${tag}`;
    await send(learner.page, reply);
    const onAdmin = admin.page
      .getByRole('log', { name: 'Messages' })
      .getByText(`Thanks, noted ${tag}`);
    await onAdmin.waitFor({ timeout: 10_000 });
    expect(
      await admin.page
        .getByRole('log', { name: 'Messages' })
        .locator('strong', { hasText: 'noted' })
        .count(),
    ).toBeGreaterThan(0);

    await shot(admin.page, 'messages-desktop-light');
    await shot(learner.page, 'messages-phone-dark');
    // On a phone the thread has the whole screen; back shows the list with the conversation.
    await learner.page.getByRole('button', { name: 'Back to conversations' }).click();
    await learner.page
      .getByRole('list', { name: 'Conversations' })
      .getByText(`Thanks, noted ${tag}`)
      .waitFor();
    await shot(learner.page, 'messages-phone-list-dark');
    expect(errors).toEqual([]);
  }, 90_000);

  it('the new-conversation dialog offers the people you may message and opens the one-to-one', async () => {
    const { page } = await signedInPage('admin', { ...PHONE, colorScheme: 'dark' });
    const errors = collectPageErrors(page);
    await page.goto('/messages');
    await page.getByRole('button', { name: 'New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New conversation' });
    await dialog.getByRole('textbox', { name: 'Search people' }).fill('Lena');
    const lena = dialog.getByRole('checkbox', { name: /Lena Learner/ });
    await lena.click();
    await shot(page, 'messages-new-dialog-phone-dark');
    await dialog.getByRole('button', { name: 'Start', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.has('c'));
    await page.getByRole('heading', { level: 2, name: 'Lena Learner' }).waitFor();
    expect(errors).toEqual([]);
  }, 60_000);
});
