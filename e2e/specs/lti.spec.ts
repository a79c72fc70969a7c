import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.ts';
import { collectPageErrors } from '../support/browser.ts';
import { useBrowser } from '../support/pages.ts';
import { expectFitsPhone, PHONE_DARK } from '../support/phone.ts';

const { signedInPage } = useBrowser();
const DESKTOP = {
  viewport: { width: 1366, height: 900 },
  reducedMotion: 'reduce' as const,
  // axe is injected as a script; the app's CSP allows only its own.
  bypassCSP: true,
};

/*
 * Issue 24, Tools & Plugins, External tools (LTI): an admin registers a tool through the dialog,
 * sees its generated client id beside Atrium's platform details, and the tab passes axe and fits
 * a 360 px phone in dark mode. (Launches, deep linking and scores run against a real tool in the
 * server's lti.flow.test.ts.)
 */
describe('issue 24: LTI tools on /tools-plugins', () => {
  it('an admin registers a tool and sees what to give it', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/tools-plugins?tab=lti');
    await page.getByRole('tab', { name: 'External tools (LTI)', selected: true }).waitFor();
    await page.getByRole('textbox', { name: 'Issuer' }).waitFor();

    await page.getByRole('button', { name: 'Register tool' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register an LTI tool' });
    const name = `E2E tool ${Date.now()}`;
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog
      .getByRole('textbox', { name: /OIDC login/ })
      .fill('https://tool.example.com/login');
    await dialog
      .getByRole('textbox', { name: /Target launch/ })
      .fill('https://tool.example.com/launch');
    await dialog.getByRole('textbox', { name: /^JWKS URL/ }).fill('https://tool.example.com/keys');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Register tool' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const card = page.getByRole('listitem').filter({ hasText: name });
    const clientId = await card.getByRole('textbox', { name: 'Client id' }).inputValue();
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    await page.screenshot({ path: 'artifacts/lti-tools-desktop.png', fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('fits a 360 px phone in dark mode', async () => {
    const { page } = await signedInPage('admin', PHONE_DARK);
    await page.goto('/tools-plugins?tab=lti');
    await page.getByRole('textbox', { name: 'Issuer' }).waitFor();
    await page.getByRole('heading', { name: 'Registered tools' }).waitFor();
    await expectFitsPhone(page, 'lti-tools-phone-dark');
  });
});
