import { mkdir } from 'node:fs/promises';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors } from '../support/browser.ts';
import { call } from '../support/fixtures.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const SHOTS = '/tmp/announcements-e2e';
// The browser in UTC: the schedule typed on its wall clock is the instant the spec computes.
const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1366, height: 900 },
  reducedMotion: 'reduce',
  timezoneId: 'UTC',
};

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

interface Person {
  id: number;
  username: string;
  password: string;
  fullname: string;
}

async function addLearner(admin: string, username: string, department: number): Promise<Person> {
  const password = `Violet-Harbour-${username}`;
  const form = new FormData();
  for (const [key, value] of Object.entries({
    username,
    email: `${username}@example.test`,
    first_name: username.split('-')[1] ?? 'Learner',
    last_name: 'Reader',
    role: '4',
    password,
    department: String(department),
  }))
    form.append(key, value);
  const user = await call<{ id: number; fullname: string }>(
    'POST',
    '/api/v1/accounts/add-user/',
    admin,
    form,
  );
  return { id: user.id, username, password, fullname: user.fullname };
}

const inboxTitles = async (token: string) =>
  (
    await apiJson<{ results: { title: string }[] }>('/api/announcements/?page_size=100', token)
  ).results.map((a) => a.title);

describe('issue 20: a scheduled announcement to one department, acknowledged and reported', () => {
  const tag = uniqueTag();
  const title = `Fire drill on Friday ${tag}`;
  let admin: string;
  let nurse: Person;
  let porter: Person;
  let departmentName: string;

  beforeAll(async () => {
    admin = await apiSignIn('admin');
    const me = await apiJson<{ membership: { organization: { id: number } } }>(
      '/api/v1/me/',
      admin,
    );
    const organization = me.membership.organization.id;
    departmentName = `Wards ${tag}`;
    const wards = await call<{ id: number }>(
      'POST',
      '/api/v1/accounts/department-organization-map/',
      admin,
      { organization, name: departmentName },
    );
    const estates = await call<{ id: number }>(
      'POST',
      '/api/v1/accounts/department-organization-map/',
      admin,
      { organization, name: `Estates ${tag}` },
    );
    nurse = await addLearner(admin, `ann-nurse-${tag}`, wards.id);
    porter = await addLearner(admin, `ann-porter-${tag}`, estates.id);
  }, 60_000);

  it('the admin schedules it for one department; at its time that department’s learner sees it, the other does not; she acknowledges; the report shows it', async () => {
    const { page: adminPage } = await signedInPage('admin', DESKTOP);
    const adminErrors = collectPageErrors(adminPage);
    await adminPage.goto('/announcements?tab=manage');
    await adminPage.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
    await adminPage.getByRole('button', { name: 'New announcement' }).click();
    const form = adminPage.getByRole('dialog', { name: 'New announcement' });
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('textbox', { name: 'Text' }).click();
    await adminPage.keyboard.type('Meet at the car park at 10:00. Leave lifts alone.');
    await form.getByRole('radio', { name: 'Chosen groups' }).check();
    await form.getByRole('combobox', { name: 'Departments' }).fill(departmentName);
    await adminPage.getByRole('option', { name: departmentName, exact: true }).click();
    // The next whole minute at least 25 s away (the field has minutes only).
    const at = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
    await form.getByRole('radio', { name: 'Schedule' }).check();
    await form.getByLabel('Goes out at').fill(at.toISOString().slice(0, 16));
    await form.getByLabel('Readers must acknowledge it').check();
    await shot(adminPage, 'compose');
    await form.getByRole('button', { name: 'Send announcement' }).click();
    await form.waitFor({ state: 'detached' });
    await adminPage.waitForURL(/\/announcements\/\d+\/?$/);
    const id = Number(/\/announcements\/(\d+)/.exec(adminPage.url())?.[1]);
    await adminPage.getByRole('heading', { level: 1, name: title }).waitFor();

    // ── Before its time nobody reads it; after, only the department does ──
    const nurseToken = await apiSignIn(nurse.username, nurse.password);
    const porterToken = await apiSignIn(porter.username, porter.password);
    if (Date.now() < at.getTime()) expect(await inboxTitles(nurseToken)).not.toContain(title);
    await expect
      .poll(() => inboxTitles(nurseToken), { timeout: 100_000, interval: 2_000 })
      .toContain(title);
    expect(await inboxTitles(porterToken)).not.toContain(title);
    const foreign = await fetch(`${new URL(adminPage.url()).origin}/api/announcements/${id}/`, {
      headers: { authorization: `Token ${porterToken}` },
    });
    expect(foreign.status).toBe(404);

    // ── The nurse finds it unread in her inbox, reads it and acknowledges it ──
    const { page: nursePage } = await signedInPage(nurse, DESKTOP);
    const nurseErrors = collectPageErrors(nursePage);
    await nursePage.goto('/announcements');
    const card = nursePage.getByRole('listitem').filter({ hasText: title });
    await card.waitFor();
    // The side menu says there is something new.
    const menu = nursePage.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: /^Announcements\s*,\s*1 unread$/ }).waitFor();
    expect(await card.textContent()).toContain('Unread');
    expect(await card.textContent()).toContain('Must acknowledge');
    await shot(nursePage, 'inbox');
    await card.getByRole('link').click();
    await nursePage.getByRole('heading', { level: 1, name: title }).waitFor();
    await nursePage.getByText('Meet at the car park at 10:00.').waitFor();
    await nursePage.getByRole('button', { name: 'Acknowledge' }).click();
    await nursePage
      .getByRole('dialog', { name: 'Acknowledge this announcement?' })
      .getByRole('button', { name: 'Acknowledge' })
      .click();
    await nursePage.getByText(/^Acknowledged on /).waitFor();
    await menu.getByRole('link', { name: 'Announcements', exact: true }).waitFor();
    await shot(nursePage, 'acknowledged');

    // ── The porter's page says it is not there ──
    const { page: porterPage } = await signedInPage(porter, DESKTOP);
    await porterPage.goto(`/announcements/${id}/`);
    await porterPage.getByRole('heading', { level: 1, name: 'Announcement not found' }).waitFor();

    // ── The admin's report: the nurse acknowledged; the audience is the department ──
    await adminPage.reload();
    const people = adminPage.getByRole('table').filter({ hasText: nurse.fullname });
    const row = people.getByRole('row').filter({ hasText: nurse.fullname });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/\d/);
    expect(await adminPage.getByRole('table').filter({ hasText: porter.fullname }).count()).toBe(0);
    const report = await apiJson<{
      count: number;
      results: { user: { id: number }; acknowledged_at: string | null }[];
    }>(`/api/announcements/${id}/acknowledgements/?status=acknowledged`, admin);
    expect(report.results.map((r) => r.user.id)).toEqual([nurse.id]);
    await shot(adminPage, 'report');

    // ── The nurse was told, in the notification centre, once the job delivered it ──
    await expect
      .poll(
        async () =>
          (
            await apiJson<{ results: { type: string; link: string }[] }>(
              '/api/notify/?page_size=50',
              nurseToken,
            )
          ).results.filter((n) => n.type === 'announcement' && n.link === `/announcements/${id}/`)
            .length,
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe(1);
    expect(adminErrors).toEqual([]);
    expect(nurseErrors).toEqual([]);
  }, 300_000);

  it('the inbox and an announcement fit a 360 px phone', async () => {
    const { page } = await signedInPage(nurse, { ...PHONE, reducedMotion: 'reduce' });
    await page.goto('/announcements');
    await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: title }).waitFor();
    await shot(page, 'inbox-360');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await page.getByRole('listitem').filter({ hasText: title }).getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await shot(page, 'detail-360');
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(1);
  }, 120_000);
});
