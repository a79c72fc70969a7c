import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, launchBrowser, saveScreenshot } from '../support/browser.ts';

const baseURL = inject('baseURL');

let browser: Browser;
const openContexts: { close: () => Promise<void> }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(openContexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh browser profile (empty local storage) with one page. */
async function openPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...options });
  openContexts.push(context);
  return context.newPage();
}

/** Opens the status page and waits until both checks have reported. */
async function openStatusPage(page: Page): Promise<void> {
  await page.goto('/status');
  await page.getByRole('heading', { level: 1, name: 'Atrium' }).waitFor();
  await page.getByRole('region', { name: 'API' }).getByText('Healthy').waitFor();
  await page.getByRole('region', { name: 'Database' }).getByText('Healthy').waitFor();
}

/** Relative luminance (0 black … 1 white) of a CSS rgb()/rgba() colour. */
function luminance(cssColor: string): number {
  const [r = 0, g = 0, b = 0] = (cssColor.match(/[\d.]+/g) ?? []).map(Number);
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('system status page (/status, linked from the sign-in screens)', () => {
  it('shows Atrium and reports the API and the database healthy', async () => {
    const page = await openPage();
    const errors = collectPageErrors(page);
    await openStatusPage(page);

    expect(await page.title()).toContain('Atrium');
    expect(await page.getByText('All systems operational').isVisible()).toBe(true);
    const apiDetail = await page.getByRole('region', { name: 'API' }).textContent();
    expect(apiDetail).toMatch(/Version \S+ · up \d+/);
    const docsLink = page.getByRole('link', { name: 'API documentation' });
    expect(await docsLink.getAttribute('href')).toBe('/api/docs');

    await saveScreenshot(page, 'status-light');
    expect(errors).toEqual([]);
  });

  it('switches to dark mode and keeps it after a reload', async () => {
    const page = await openPage();
    await openStatusPage(page);
    expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.8);

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(luminance(await bodyBackground(page))).toBeLessThan(0.05);
    expect(await page.evaluate(() => localStorage.getItem('darkTheme'))).toBe('true');

    await page.reload();
    await openStatusPage(page);
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(luminance(await bodyBackground(page))).toBeLessThan(0.05);
    await saveScreenshot(page, 'status-dark');

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.8);
    expect(await page.evaluate(() => localStorage.getItem('darkTheme'))).toBe('false');
  });

  it('fits a phone screen without horizontal scrolling', async () => {
    const page = await openPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await openStatusPage(page);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const card = await page.getByRole('article', { name: 'System status' }).boundingBox();
    expect(card).not.toBeNull();
    expect(card!.x).toBeGreaterThanOrEqual(0);
    expect(card!.x + card!.width).toBeLessThanOrEqual(390);
    expect(await page.getByRole('link', { name: 'API documentation' }).isVisible()).toBe(true);

    await saveScreenshot(page, 'status-phone');
  });
});

describe('unknown pages', () => {
  it('shows the not-found page for an unknown app route, served by the SPA with 200', async () => {
    const page = await openPage();
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');

    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByText('/no/such/page').isVisible()).toBe(true);
    await saveScreenshot(page, 'not-found');

    await page.getByRole('link', { name: 'Go to home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('answers an unknown API path with a JSON 404 carrying a message', async () => {
    const response = await fetch(`${baseURL}/api/x/`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { message?: unknown };
    expect(typeof body.message).toBe('string');
    expect(body.message).not.toBe('');
  });
});

describe('API documentation', () => {
  it('shows the Swagger UI for the Atrium API at /api/docs', async () => {
    const page = await openPage();
    await page.goto('/api/docs');
    await page.locator('.swagger-ui').first().waitFor();
    await page
      .getByRole('heading', { name: /Atrium API/ })
      .first()
      .waitFor();
    expect(await page.getByText('Atrium API').first().isVisible()).toBe(true);
  });
});
