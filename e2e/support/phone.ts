import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousA11yViolations } from './axe.ts';
import { saveScreenshot } from './browser.ts';
import { PHONE } from './pages.ts';

/** A 360 px phone in dark mode, with axe's script let in (the app's CSP is tested elsewhere). */
export const PHONE_DARK: BrowserContextOptions = {
  ...PHONE,
  viewport: { width: 360, height: 780 },
  colorScheme: 'dark',
  reducedMotion: 'reduce',
  bypassCSP: true,
};

/**
 * What every screen owes a phone: nothing wider than the screen, no serious axe finding, and a
 * full-page screenshot to look at (e2e/artifacts/<name>.png).
 */
export async function expectFitsPhone(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await saveScreenshot(page, name, { fullPage: true });
}
