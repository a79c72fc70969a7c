import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors } from '../support/browser.ts';
import { useBrowser } from '../support/pages.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';

const { signedInPage } = useBrowser();
const DESKTOP = {
  viewport: { width: 1366, height: 900 },
  reducedMotion: 'reduce' as const,
  bypassCSP: true,
};

/*
 * Issue 24, Tools & Plugins: an admin adds a webhook pointing at a receiver run here (on
 * 127.0.0.1, which the e2e server's outbound guard allows), copies the secret shown once, sends a
 * test event, and sees the delivery succeed in the log; the receiver checks the signature with
 * that secret. The page fits a 360 px phone in dark mode.
 */

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let url: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/atrium-${Date.now()}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('issue 24: webhooks on /tools-plugins', () => {
  it('an admin adds a webhook, sends a test event and sees the signed delivery in the log', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/tools-plugins');
    await page.getByRole('heading', { level: 1, name: 'Tools & Plugins' }).waitFor();
    await page.getByRole('tab', { name: 'Webhooks' }).waitFor();

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    // Sent without events, the form says so.
    await dialog.getByRole('textbox', { name: /Payload URL/ }).fill(url);
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await dialog.getByText('Choose at least one event.').waitFor();
    await dialog.getByRole('checkbox', { name: /course\.completed/ }).check();
    await dialog.getByRole('textbox', { name: 'Description' }).fill('End-to-end receiver');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await shown.getByTestId('shown-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('listitem').filter({ hasText: url });
    await card.getByRole('button', { name: 'Send test event' }).click();
    const log = card.getByRole('table', { name: 'Deliveries' });
    await log.getByText('succeeded').waitFor({ timeout: 20_000 });
    await log.getByText(/HTTP 200 · \d+ ms/).waitFor();

    const delivery = received.find((r) => r.headers['atrium-event'] === 'webhook.ping');
    expect(delivery).toBeDefined();
    const timestamp = delivery!.headers['atrium-timestamp'] as string;
    const expected = createHmac('sha256', secret)
      .update(`${timestamp}.${delivery!.body}`)
      .digest('hex');
    expect(delivery!.headers['atrium-signature']).toBe(`v1=${expected}`);
    expect(JSON.parse(delivery!.body)).toMatchObject({ event: 'webhook.ping' });
    expect(errors).toEqual([]);

    // Redelivered from the log: a second signed POST arrives.
    await log
      .getByRole('button', { name: /^Redeliver webhook.ping/ })
      .first()
      .click();
    await expect
      .poll(() => received.filter((r) => r.headers['atrium-event'] === 'webhook.ping').length, {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(2);
  });

  it('fits a 360 px phone in dark mode', async () => {
    const { page } = await signedInPage('admin', PHONE_DARK);
    await page.goto('/tools-plugins?tab=webhooks');
    const card = page.getByRole('listitem').filter({ hasText: url });
    await card.waitFor();
    await card.getByRole('button', { name: 'Deliveries' }).click();
    await card.getByRole('table', { name: 'Deliveries' }).waitFor();
    await expectFitsPhone(page, 'tools-plugins-webhooks-phone-dark');
  });
});
