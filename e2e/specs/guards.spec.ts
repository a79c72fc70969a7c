import { describe, expect, it } from 'vitest';
import { useBrowser, waitForDashboard } from '../support/pages.ts';

const { newPage, signedInPage } = useBrowser();

const pathOf = (url: string) => new URL(url).pathname;

describe('route guards (spec §2)', () => {
  it('sends a visitor without a token from protected and (perm) pages to /', async () => {
    const page = await newPage();
    for (const path of ['/dashboard', '/settings', '/courses/course-detail/7', '/myprofile']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      expect(pathOf(page.url())).toBe('/');
    }
  });

  it('sends a learner without the Users menu entry from /settings to / (and so on home)', async () => {
    const { page } = await signedInPage('learner');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(pathOf(frame.url()));
    });
    await page.goto('/settings');
    await waitForDashboard(page);
    expect(visited).toContain('/');
    expect(visited.at(-1)).toBe('/dashboard');
  });

  it('lets an admin with the Users entry open /settings, inside the app shell', async () => {
    const { page } = await signedInPage('admin');
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(pathOf(page.url())).toBe('/settings');
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(true);
  });

  it('keeps /licenses to the superadmin (spec §6)', async () => {
    const { page } = await signedInPage('admin');
    await page.goto('/licenses');
    await waitForDashboard(page);
    const { page: superadmin } = await signedInPage('superadmin');
    await superadmin.goto('/licenses');
    await superadmin.getByRole('heading', { level: 1, name: 'Licences' }).waitFor();
  });

  it('sends a token holder from public pages to /dashboard', async () => {
    const { page } = await signedInPage('trainer');
    for (const path of ['/', '/login', '/signup', '/password/recover']) {
      await page.goto(path);
      await waitForDashboard(page);
    }
  });

  it('clears a token the server no longer accepts and goes to /', async () => {
    const page = await newPage();
    await page.goto('/status');
    await page.evaluate(() => localStorage.setItem('token', 'revoked-or-made-up'));
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByText('Could not load user details').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('shows the not-found page for unknown paths, signed in or not', async () => {
    const page = await newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    const { page: signedIn } = await signedInPage('learner');
    await signedIn.goto('/nothing-here');
    await signedIn.getByRole('heading', { name: 'Page not found' }).waitFor();
    await signedIn.getByRole('link', { name: 'Go to home page' }).click();
    await waitForDashboard(signedIn);
  });
});
