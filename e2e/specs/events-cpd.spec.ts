import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors } from '../support/browser.ts';
import { call, tinyPdf } from '../support/fixtures.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const SHOTS = '/tmp/events-cpd-e2e';
// Every browser runs in UTC, so the form's wall clock and the server's instants agree.
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

/**
 * How many agenda rows three daily two-hour occurrences from `start` make when the agenda starts
 * on `shownFrom` (a UTC date): one per day each occurrence touches, from that date on.
 */
function agendaRows(start: Date, shownFrom: string): number {
  const day = 86_400_000;
  let rows = 0;
  for (let i = 0; i < 3; i++) {
    const first = new Date(start.getTime() + i * day).toISOString().slice(0, 10);
    const last = new Date(start.getTime() + i * day + 2 * 3_600_000 - 1).toISOString().slice(0, 10);
    for (const d of new Set([first, last])) if (d >= shownFrom) rows++;
  }
  return rows;
}

/** `datetime-local` text (UTC) of an instant. */
const wallClock = (at: Date) => at.toISOString().slice(0, 16);

/** Reloads until `check` passes: the server's durable events run as jobs, a moment later. */
async function eventually(page: Page, check: () => Promise<unknown>, timeout = 30_000) {
  await expect
    .poll(
      async () => {
        try {
          await check();
          return true;
        } catch {
          await page.reload();
          return false;
        }
      },
      { timeout, interval: 500 },
    )
    .toBe(true);
}

interface Person {
  id: number;
  username: string;
  password: string;
  fullname: string;
}

async function addLearner(admin: string, tag: string, department: number): Promise<Person> {
  const username = `cpd-learner-${tag}`;
  const password = `Violet-Harbour-${tag}`;
  const form = new FormData();
  for (const [key, value] of Object.entries({
    username,
    email: `${username}@example.test`,
    first_name: 'Cora',
    last_name: `Ledger ${tag}`,
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

/**
 * What the learner's calendar shows besides the event: a course due in five days and a seat in
 * the demo classroom's first session with one left (booked for them by the admin).
 */
async function giveLearnerDates(admin: string, learner: Person) {
  const courses = await apiJson<{ results: { id: number; title: string }[] }>(
    '/api/courses/?search=Effective%20Communication',
    admin,
  );
  const course = courses.results.find((c) => c.title === 'Effective Communication')!;
  const due = new Date(Date.now() + 5 * 86_400_000);
  await call('POST', `/api/courses/${course.id}/assign/`, admin, {
    users: [learner.id],
    due_at: due.toISOString(),
  });
  const classrooms = await apiJson<{ results: { id: number; title: string }[] }>(
    '/api/classroom/',
    admin,
  );
  const programme = classrooms.results.find((c) => c.title === 'First Aid Practical')!;
  const classes = await apiJson<{ results: { id: number }[] }>(
    `/api/classrooms/classes/?classroom_id=${programme.id}`,
    admin,
  );
  const sessions = await apiJson<
    { id: number; title: string; capacity: number; booked_count?: number }[]
  >(`/api/classrooms/sessions/?class_id=${classes.results[0]!.id}`, admin);
  let booked: string | null = null;
  for (const session of sessions) {
    try {
      await call('POST', '/api/classroom/attendee/', admin, {
        session: session.id,
        user: learner.id,
      });
      booked = session.title;
      break;
    } catch {
      // Full (other specs book the demo sessions too): the next one.
    }
  }
  if (!booked) throw new Error('No demo classroom session had a seat left.');
  return { courseTitle: course.title, sessionTitle: booked };
}

describe('issue 19: a CPD event from creation to the ledger, external CPD and the calendar', () => {
  const tag = uniqueTag();
  const title = `Infection control masterclass ${tag}`;
  const external = `Regional nursing conference ${tag}`;
  let admin: string;
  let learner: Person;
  let eventId = 0;
  /** When the first occurrence starts: the event runs two hours from half an hour ago. */
  const start = new Date(Date.now() - 30 * 60_000);

  beforeAll(async () => {
    admin = await apiSignIn('admin');
    const me = await apiJson<{ membership: { organization: { id: number } } }>(
      '/api/v1/me/',
      admin,
    );
    const department = await call<{ id: number }>(
      'POST',
      '/api/v1/accounts/department-organization-map/',
      admin,
      { organization: me.membership.organization.id, name: `CPD dept ${tag}` },
    );
    learner = await addLearner(admin, tag, department.id);
  }, 60_000);

  it('the admin creates a recurring CPD event; the learner enrols for credit, attends, and sees the hours against the target', async () => {
    // ── The admin: a daily event of three, the first started half an hour ago ──
    const { page: adminPage } = await signedInPage('admin', DESKTOP);
    const adminErrors = collectPageErrors(adminPage);
    await adminPage.goto('/cpd?tab=events');
    await adminPage.getByRole('heading', { level: 1, name: 'Event Engine' }).waitFor();
    await adminPage.getByRole('button', { name: 'New event' }).click();
    const form = adminPage.getByRole('dialog', { name: 'New event' });
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('combobox', { name: 'Type' }).click();
    await adminPage.getByRole('option', { name: 'Webinar', exact: true }).click();
    await form.getByLabel('Starts').fill(wallClock(start));
    await form.getByLabel('Ends').fill(wallClock(new Date(start.getTime() + 2 * 3_600_000)));
    expect(await form.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('UTC');
    await form.getByRole('combobox', { name: 'Repeats' }).click();
    await adminPage.getByRole('option', { name: 'Daily', exact: true }).click();
    await form.getByRole('spinbutton', { name: 'Occurrences' }).fill('3');
    await form.getByText(/Every day, 3 times/).waitFor();
    await form.getByRole('spinbutton', { name: 'CPD value' }).fill('2');
    await form.getByRole('combobox', { name: 'CPD category' }).click();
    await adminPage.getByRole('option', { name: 'Formal', exact: true }).click();
    await form.getByRole('combobox', { name: 'Status' }).click();
    await adminPage.getByRole('option', { name: 'Published', exact: true }).click();
    await shot(adminPage, 'event-form');
    await form.getByRole('button', { name: 'Create event' }).click();
    await form.waitFor({ state: 'detached' });
    // The new event opens, saying its rule in words.
    const created = adminPage.getByRole('dialog', { name: title });
    await created.getByText('Every day, 3 times').waitFor();
    await adminPage.getByText('Event created.').waitFor();
    await adminPage.keyboard.press('Escape');
    await created.waitFor({ state: 'detached' });
    const card = adminPage.getByRole('listitem').filter({ hasText: title });
    await card.waitFor();
    expect(await card.textContent()).toContain('2 CPD hours');
    const listed = await apiJson<{ results: { id: number; rrule: string; title: string }[] }>(
      `/api/events/?search=${encodeURIComponent(title)}`,
      admin,
    );
    expect(listed.results.map((e) => [e.title, e.rrule])).toEqual([[title, 'FREQ=DAILY;COUNT=3']]);
    eventId = listed.results[0]!.id;
    await shot(adminPage, 'events-admin');

    // ── The learner enrols for CPD credit from the event's detail ──
    const { page: learnerPage } = await signedInPage(learner, DESKTOP);
    const learnerErrors = collectPageErrors(learnerPage);
    await learnerPage.goto('/cpd?tab=events');
    await learnerPage.getByRole('button', { name: title }).click();
    const detail = learnerPage.getByRole('dialog', { name: title });
    const occurrences = detail.getByRole('list', { name: 'Occurrences' }).getByRole('listitem');
    await occurrences.first().waitFor();
    expect(await occurrences.count()).toBe(3);
    await detail.getByRole('button', { name: 'Enrol for CPD credit' }).click();
    await learnerPage.getByText('You are enrolled.').waitFor();
    await detail.getByRole('button', { name: 'Cancel my enrolment' }).waitFor();
    await shot(learnerPage, 'event-detail-learner');

    // ── The admin marks them attended at the first occurrence, from the event's link ──
    await adminPage.goto(`/cpd?event=${eventId}`);
    const adminDetail = adminPage.getByRole('dialog', { name: title });
    await adminDetail.getByRole('button', { name: 'Enrolments' }).click();
    const enrolments = adminPage.getByRole('dialog', { name: `Enrolments: ${title}` });
    await enrolments.getByRole('checkbox', { name: `${learner.fullname} attended` }).check();
    await enrolments.getByRole('button', { name: 'Save attendance' }).click();
    await adminPage.getByText('Attendance saved.').waitFor();
    await shot(adminPage, 'event-attendance');

    // ── The learner's CPD: 2 of the demo scheme's 20 hours, in Formal ──
    await learnerPage.goto('/cpd');
    const total = learnerPage.getByTestId('cpd-total');
    await eventually(learnerPage, () =>
      expect(total.textContent({ timeout: 2_000 })).resolves.toMatch(/^2 hours\s*of 20 hours/),
    );
    // Formal: 2 hours earned of its 10-hour minimum.
    await learnerPage
      .getByRole('table', { name: 'Progress per category' })
      .getByRole('row', { name: /^Formal 2 hours 10 hours/ })
      .waitFor();
    const ledger = learnerPage.getByRole('table', { name: 'CPD entries' });
    const credit = ledger.getByRole('row').filter({ hasText: title });
    expect(await credit.textContent()).toContain('Credited');
    // The entry leads back to the event it came from.
    expect(await credit.getByRole('link', { name: title }).getAttribute('href')).toBe(
      `/cpd?event=${eventId}`,
    );
    await shot(learnerPage, 'my-cpd-credited');
    expect(adminErrors).toEqual([]);
    expect(learnerErrors).toEqual([]);
  }, 180_000);

  it('the learner adds external CPD with a PDF; the admin approves it; it counts', async () => {
    const { page: learnerPage } = await signedInPage(learner, DESKTOP);
    await learnerPage.goto('/cpd');
    await learnerPage.getByRole('button', { name: 'Add external CPD' }).click();
    const dialog = learnerPage.getByRole('dialog', { name: 'Add external CPD' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(external);
    await dialog.getByRole('spinbutton', { name: 'Value' }).fill('3');
    await dialog.getByLabel('Completed on').fill(new Date().toISOString().slice(0, 10));
    await dialog
      .getByRole('textbox', { name: 'Reflection' })
      .fill('Two talks on sepsis screening changed how I triage.');
    const dir = path.join(SHOTS, tag);
    await mkdir(dir, { recursive: true });
    const pdf = path.join(dir, 'certificate.pdf');
    await writeFile(pdf, tinyPdf('Certificate of attendance'));
    await dialog.locator('input[type="file"]').setInputFiles(pdf);
    await dialog.getByText('certificate.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Add entry' }).click();
    await dialog.waitFor({ state: 'detached' });
    const ledger = learnerPage.getByRole('table', { name: 'CPD entries' });
    const row = ledger.getByRole('row').filter({ hasText: external });
    await row.waitFor();
    expect(await row.textContent()).toContain('Waiting for approval');

    // ── The admin approves it from the requests list, after reading the evidence ──
    const { page: adminPage } = await signedInPage('admin', DESKTOP);
    await adminPage.goto(`/cpd-view/${learner.id}`);
    await adminPage.getByRole('heading', { level: 1, name: learner.fullname }).waitFor();
    const theirs = adminPage.getByRole('table', { name: 'CPD entries' });
    const pending = theirs.getByRole('row').filter({ hasText: external });
    const download = adminPage.waitForEvent('download');
    await pending.getByRole('button', { name: /evidence/i }).click();
    expect((await (await download).path()) !== null).toBe(true);
    await shot(adminPage, 'cpd-view-admin');
    await adminPage.goto('/requests');
    const toApprove = adminPage.getByRole('region', { name: /^To approve/ });
    const request = toApprove.getByRole('row').filter({ hasText: external });
    await request.getByRole('button', { name: /^Approve / }).click();
    await adminPage.getByText('Request approved.').waitFor();

    // ── The learner: 5 of 20 hours, the entry credited ──
    await learnerPage.reload();
    await eventually(learnerPage, async () => {
      expect(await learnerPage.getByTestId('cpd-total').textContent({ timeout: 2_000 })).toMatch(
        /^5 hours\s*of 20 hours/,
      );
    });
    expect(await row.textContent()).toContain('Credited');
    await shot(learnerPage, 'my-cpd-external-credited');
  }, 120_000);

  it('the learner’s calendar shows the event, a course due date and a classroom session, and its feed is a valid calendar', async () => {
    const dates = await giveLearnerDates(admin, learner);
    const { page } = await signedInPage(learner, DESKTOP);
    const errors = collectPageErrors(page);
    const shownFrom = new Date().toISOString().slice(0, 10);
    await page.goto(`/calendar?view=agenda&date=${shownFrom}`);
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    const board = page.locator('.rbc-agenda-view');
    await board.getByText(title).first().waitFor();
    await board.getByText(dates.courseTitle, { exact: false }).first().waitFor();
    await board.getByText(dates.sessionTitle, { exact: false }).first().waitFor();
    // The agenda lists an event on every day it touches from the shown date on: an occurrence
    // that runs past midnight (UTC, the page's zone) shows twice, so a run near midnight sees
    // more than three rows for three occurrences.
    expect(await board.getByText(title).count()).toBe(agendaRows(start, shownFrom));
    await shot(page, 'calendar-agenda');
    await page.goto(`/calendar?view=month&date=${new Date().toISOString().slice(0, 10)}`);
    await page.locator('.rbc-month-view').getByText(title).first().waitFor();
    await shot(page, 'calendar-month');

    // ── The private feed: created once, fetched as a calendar app would ──
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const feedDialog = page.getByRole('dialog', { name: 'Subscribe to your calendar' });
    await feedDialog.getByRole('button', { name: 'Create feed URL' }).click();
    const url = await feedDialog.getByRole('textbox', { name: 'Feed URL' }).inputValue();
    expect(url).toMatch(/\/api\/calendar\/feed\/[^/]+\.ics$/);
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await feed.text();
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(text.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    const summaries = [...text.replace(/\r\n[ \t]/g, '').matchAll(/^SUMMARY:(.*)$/gm)].map(
      (m) => m[1] ?? '',
    );
    expect(summaries.filter((s) => s.includes(title))).toHaveLength(3);
    expect(summaries.some((s) => s.includes(dates.courseTitle))).toBe(true);
    expect(summaries.some((s) => s.includes(dates.sessionTitle))).toBe(true);
    await shot(page, 'calendar-feed');
    expect(errors).toEqual([]);
  }, 120_000);

  it('the CPD page and the calendar fit a 360 px phone', async () => {
    for (const [url, name] of [
      ['/cpd', 'cpd'],
      ['/calendar', 'calendar'],
      [`/cpd?event=${eventId}`, 'event'],
    ] as const) {
      const { page } = await signedInPage(learner, { ...PHONE, reducedMotion: 'reduce' });
      await page.goto(url);
      // The event opens full screen over the page (its heading hidden from the tree meanwhile).
      await (name === 'event'
        ? page.getByRole('dialog', { name: title })
        : page.getByRole('heading', { level: 1 }).first()
      ).waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `${name}-360`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      // What sticks out past the screen without an ancestor that clips or scrolls it.
      const culprits =
        overflow > 1
          ? await page.evaluate(() => {
              const clipped = (el: Element) => {
                for (let a = el.parentElement; a; a = a.parentElement) {
                  const style = getComputedStyle(a);
                  if (style.overflowX !== 'visible' && a.getBoundingClientRect().right <= 361)
                    return true;
                  if (style.position === 'fixed') return true;
                }
                return false;
              };
              return [...document.querySelectorAll('body *')]
                .filter((el) => el.getBoundingClientRect().right > 361 && !clipped(el))
                .slice(-8)
                .map((el) => `${el.tagName}.${String(el.className).slice(0, 80)}`);
            })
          : [];
      expect(overflow, `${name} overflows at 360 px: ${culprits.join(' | ')}`).toBeLessThanOrEqual(
        1,
      );
      await page.context().close();
    }
  }, 120_000);
});
