import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { apiSignIn, type DemoUser } from './accounts.ts';
import { launchBrowser } from './browser.ts';

export const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 780 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/**
 * One browser per spec file, a fresh context (empty storage) per page, closed after each test.
 * Call at the top level of a spec file.
 */
export function useBrowser() {
  const baseURL = inject('baseURL');
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
    const context = await browser.newContext({ baseURL, ...options });
    contexts.push(context);
    return context.newPage();
  }

  /**
   * A page already signed in as `user`: the token is in local storage and in the cookie, as the
   * sign-in screen leaves it. Returns the token too.
   */
  async function signedInPage(
    user: DemoUser | { username: string; password: string },
    options: BrowserContextOptions = {},
  ): Promise<{ page: Page; token: string }> {
    const token =
      typeof user === 'string'
        ? await apiSignIn(user)
        : await apiSignIn(user.username, user.password);
    const { hostname } = new URL(baseURL);
    const page = await newPage({
      ...options,
      storageState: {
        cookies: [
          {
            name: 'token',
            value: token,
            domain: hostname,
            path: '/',
            expires: -1,
            // As the server sets it at sign-in: out of reach of any script.
            httpOnly: true,
            secure: false,
            sameSite: 'Lax',
          },
        ],
        origins: [{ origin: baseURL, localStorage: [{ name: 'token', value: token }] }],
      },
    });
    return { page, token };
  }

  return { newPage, signedInPage };
}

/** Waits for the dashboard of a signed-in user to be on screen. */
export async function waitForDashboard(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('heading', { level: 1, name: /Good (morning|afternoon|evening)/ }).waitFor();
}

/** Local storage of the page's origin, as an object. */
export function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}
