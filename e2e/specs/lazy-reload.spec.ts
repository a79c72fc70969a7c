import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, saveScreenshot } from '../support/browser.ts';

const baseURL = inject('baseURL');
/** The lazily loaded chunk of the page at '/' (sign-in). */
const SIGN_IN_PAGE_CHUNK = '**/assets/sign-in.page-*.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A page whose sign-in page chunk fails to download `failures` times, counting document loads. */
async function pageWithFailingChunk(
  failures: number,
): Promise<{ page: Page; loads: () => number }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  let remaining = failures;
  await page.route(SIGN_IN_PAGE_CHUNK, (route) => {
    if (remaining > 0) {
      remaining -= 1;
      return route.abort('failed');
    }
    return route.continue();
  });
  let documentLoads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentLoads += 1;
  });
  return { page, loads: () => documentLoads };
}

describe('a page whose code fails to load (spec §4)', () => {
  it('reloads once and then shows the page', async () => {
    const { page, loads } = await pageWithFailingChunk(1);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(loads()).toBe(2);
    const flags = await page.evaluate(() => Object.keys(sessionStorage));
    expect(flags.filter((key) => key.includes('sign-in'))).toEqual([]);
    await page.context().close();
  });

  it('shows the error with a Go Home button when it fails again after the reload', async () => {
    const { page, loads } = await pageWithFailingChunk(Number.POSITIVE_INFINITY);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(loads()).toBe(2);
    expect(await page.getByRole('alert').textContent()).toMatch(
      /dynamically imported module|import/i,
    );
    expect(await page.getByRole('button', { name: 'Go Home' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'chunk-load-error');
    await page.context().close();
  });
});
