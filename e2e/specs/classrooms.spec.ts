import { mkdir } from 'node:fs/promises';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors } from '../support/browser.ts';
import { call } from '../support/fixtures.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const SHOTS = '/tmp/classrooms-e2e';

/**
 * Every browser of this spec runs in a fixed-offset zone where it is about midday now, so a
 * session starting a few minutes from now and the next one two hours later fall on one local
 * day whatever the hour of the run (the form's time zone defaults to the browser's).
 */
function middayZone(now = new Date()): { zone: string; offsetHours: number } {
  const offsetHours = 12 - now.getUTCHours(); // -11 … +12
  const zone =
    offsetHours === 0 ? 'UTC' : `Etc/GMT${offsetHours > 0 ? '-' : '+'}${Math.abs(offsetHours)}`; // Etc/ signs are inverted
  return { zone, offsetHours };
}
const { zone, offsetHours } = middayZone();
const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1366, height: 900 },
  reducedMotion: 'reduce',
  timezoneId: zone,
};
const PHONE_IN_ZONE: BrowserContextOptions = {
  ...PHONE,
  reducedMotion: 'reduce',
  timezoneId: zone,
};

/** The local date and HH:MM, in the spec's zone, of an instant. */
function local(instant: Date): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + offsetHours * 3_600_000);
  const iso = shifted.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  // Past transitions (snackbars, dialogs).
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The same screen at 360 px, for the record (and to catch horizontal overflow). */
async function phoneShot(user: Person | 'admin' | 'trainer', url: string, name: string) {
  const { page } = await signedInPage(user, PHONE_IN_ZONE);
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, `${name}-360`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  const culprits =
    overflow > 1
      ? await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 8)
            .map((el) => `${el.tagName}.${String(el.className).slice(0, 80)}`),
        )
      : [];
  expect(overflow, `${name} overflows at 360 px: ${culprits.join(' | ')}`).toBeLessThanOrEqual(1);
  await page.context().close();
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sessionIdOf = (href: string | null) =>
  Number(new URL(href ?? '', 'http://x').searchParams.get('session'));

interface Person {
  username: string;
  password: string;
  fullname: string;
}

async function addLearner(admin: string, tag: string, first: string, department: number) {
  const username = `cr-${first.toLowerCase()}-${tag}`;
  const password = `Violet-Harbour-${tag}`;
  const form = new FormData();
  for (const [key, value] of Object.entries({
    username,
    email: `${username}@example.test`,
    first_name: first,
    last_name: `Classroom ${tag}`,
    role: '4',
    password,
    department: String(department),
  }))
    form.append(key, value);
  const user = await call<{ fullname: string }>('POST', '/api/v1/accounts/add-user/', admin, form);
  return { username, password, fullname: user.fullname };
}

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

describe('issue 18: a classroom from building to attendance', () => {
  const tag = uniqueTag();
  const classroomTitle = `Forklift programme ${tag}`;
  const className = `March cohort ${tag}`;
  const topicTitle = `Driving ${tag}`;
  const roomName = `Bay ${tag}`;
  const first = `Forklift basics ${tag}`;
  const second = `Forklift practice ${tag}`;
  let admin: string;
  let trainerName: string;
  let ann: Person;
  let ben: Person;
  let classId = 0;
  let sessionId = 0;

  beforeAll(async () => {
    admin = await apiSignIn('admin');
    const me = await apiJson<{ membership: { organization: { id: number } } }>(
      '/api/v1/me/',
      admin,
    );
    trainerName = (await apiJson<{ fullname: string }>('/api/v1/me/', await apiSignIn('trainer')))
      .fullname;
    const department = await call<{ id: number }>(
      'POST',
      '/api/v1/accounts/department-organization-map/',
      admin,
      { organization: me.membership.organization.id, name: `Classroom dept ${tag}` },
    );
    ann = await addLearner(admin, tag, 'Ann', department.id);
    ben = await addLearner(admin, tag, 'Ben', department.id);
  }, 60_000);

  it('the admin builds it, two learners contend for one seat, the trainer’s code checks one in and the report shows it', async () => {
    // ── The admin: classroom, class, topic, then two sessions in one form ──
    const { page: adminPage } = await signedInPage('admin', DESKTOP);
    const adminErrors = collectPageErrors(adminPage);
    await adminPage.goto('/classroom');
    await adminPage.getByRole('heading', { level: 1, name: 'Classroom' }).waitFor();
    await adminPage.getByRole('button', { name: 'New classroom' }).click();
    const create = adminPage.getByRole('dialog', { name: 'New classroom' });
    await create.getByRole('textbox', { name: 'Title' }).fill(classroomTitle);
    await create
      .getByRole('textbox', { name: 'Description' })
      .fill('Safe driving, in two sessions.');
    await create.getByRole('button', { name: 'Create' }).click();
    await adminPage.waitForURL(/\/classroom\/classes\?classroom=\d+$/);
    const classroomUrl = new URL(adminPage.url());
    await adminPage.getByRole('heading', { level: 1, name: classroomTitle }).waitFor();
    await adminPage.getByText('No classes yet. Add the first one.').waitFor();

    await adminPage.getByRole('link', { name: 'Add class' }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'New class' }).waitFor();
    await adminPage.getByRole('textbox', { name: 'Class name' }).fill(className);
    // The first session starts in minutes: its waitlist must still be open then.
    await adminPage.getByRole('spinbutton', { name: 'Waitlist closes (hours before)' }).fill('0');
    await adminPage.getByRole('button', { name: 'Create class' }).click();
    await adminPage.waitForURL(/\/classroom\/classes\/edit\?class=\d+$/);
    classId = Number(new URL(adminPage.url()).searchParams.get('class'));
    await adminPage.getByRole('heading', { level: 1, name: className }).waitFor();

    await adminPage.getByRole('textbox', { name: 'New topic' }).fill(topicTitle);
    await adminPage.getByRole('button', { name: 'Add topic' }).click();
    await adminPage.getByRole('region', { name: `Topic ${topicTitle}` }).waitFor();
    await shot(adminPage, 'class-editor-empty');
    await adminPage.getByRole('link', { name: `Add sessions to ${topicTitle}` }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'Add sessions' }).waitFor();

    const start = new Date(Date.now() + 6 * 60_000);
    const at = (minutes: number) => local(new Date(start.getTime() + minutes * 60_000));
    const row1 = adminPage.getByRole('group', { name: 'Session 1' });
    await row1.getByRole('textbox', { name: 'Title (session 1)' }).fill(first);
    await row1.getByLabel('Date (session 1)').fill(at(0).date);
    expect(await row1.getByRole('combobox', { name: 'Time zone (session 1)' }).inputValue()).toBe(
      zone,
    );
    await row1.getByRole('textbox', { name: 'Start (HH:MM) (session 1)' }).fill(at(0).time);
    await row1.getByRole('textbox', { name: 'End (HH:MM) (session 1)' }).fill(at(60).time);
    await row1.getByRole('combobox', { name: 'Trainers (session 1)' }).fill(trainerName);
    await adminPage
      .getByRole('option', { name: new RegExp(trainerName) })
      .first()
      .click();
    await row1.getByRole('button', { name: 'New room for session 1' }).click();
    const roomDialog = adminPage.getByRole('dialog', { name: 'New room' });
    await roomDialog.getByRole('textbox', { name: 'Room name' }).fill(roomName);
    await roomDialog.getByRole('spinbutton', { name: 'Seats' }).fill('12');
    await roomDialog.getByRole('button', { name: 'Add room' }).click();
    await roomDialog.waitFor({ state: 'detached' });
    await row1
      .getByRole('combobox', { name: 'Room (session 1)' })
      .filter({ hasText: roomName })
      .waitFor();
    await row1.getByRole('spinbutton', { name: 'Capacity (session 1)' }).fill('1');

    // The second row starts like the first (day, zone, trainer, room); an overlap is refused here.
    await adminPage.getByRole('button', { name: 'Add another session' }).click();
    const row2 = adminPage.getByRole('group', { name: 'Session 2' });
    await row2.getByRole('textbox', { name: 'Title (session 2)' }).fill(second);
    await row2.getByRole('textbox', { name: 'Start (HH:MM) (session 2)' }).fill(at(30).time);
    await row2.getByRole('textbox', { name: 'End (HH:MM) (session 2)' }).fill(at(90).time);
    await row2.getByText('This session overlaps session 1 of the form.').waitFor();
    await shot(adminPage, 'add-session-overlap');
    await row2.getByRole('textbox', { name: 'Start (HH:MM) (session 2)' }).fill(at(120).time);
    await row2.getByRole('textbox', { name: 'End (HH:MM) (session 2)' }).fill(at(180).time);
    expect(await row2.getByText('This session overlaps session 1 of the form.').count()).toBe(0);
    await adminPage.getByRole('button', { name: 'Save 2 sessions' }).click();
    await adminPage.waitForURL(new RegExp(`/classroom/classes/edit\\?class=${classId}$`));
    const sessions = adminPage.getByRole('list', { name: `Sessions of ${topicTitle}` });
    await sessions.getByText(first, { exact: true }).waitFor();
    await sessions.getByText(second, { exact: true }).waitFor();
    await shot(adminPage, 'class-editor');

    // The trainer is now busy then: the form warns before a clash is even sent.
    const topicLink = await adminPage
      .getByRole('link', { name: `Add sessions to ${topicTitle}` })
      .getAttribute('href');
    await adminPage.goto(topicLink ?? '');
    const probe = adminPage.getByRole('group', { name: 'Session 1' });
    await probe.getByLabel('Date (session 1)').fill(at(0).date);
    await probe.getByRole('textbox', { name: 'Start (HH:MM) (session 1)' }).fill(at(10).time);
    await probe.getByRole('textbox', { name: 'End (HH:MM) (session 1)' }).fill(at(20).time);
    await probe.getByRole('combobox', { name: 'Trainers (session 1)' }).fill(trainerName);
    await adminPage
      .getByRole('option', { name: new RegExp(trainerName) })
      .first()
      .click();
    await probe.getByText(new RegExp(`${trainerName} already trains “${first}”`)).waitFor();
    await shot(adminPage, 'add-session-conflict');

    // Publish: learners see it from now on.
    await adminPage.goto(classroomUrl.pathname + classroomUrl.search);
    await adminPage.getByRole('button', { name: 'Publish' }).click();
    await adminPage.getByText('Classroom published.').waitFor();
    await shot(adminPage, 'classroom-classes');
    await adminPage.goto('/classroom');
    await adminPage.getByRole('table', { name: 'Classrooms' }).getByText(classroomTitle).waitFor();
    await shot(adminPage, 'classroom-home-staff');
    await adminPage.getByRole('tab', { name: 'Dashboard' }).click();
    await adminPage.getByRole('region', { name: 'Attendance per week' }).waitFor();
    await adminPage.waitForLoadState('networkidle');
    await shot(adminPage, 'dashboard');
    await adminPage.getByRole('tab', { name: 'Calendar' }).click();
    await adminPage
      .getByRole('link', { name: new RegExp(first) })
      .first()
      .waitFor();
    await shot(adminPage, 'calendar');
    expect(adminErrors).toEqual([]);

    // ── Two learners, one seat ──
    const classUrl = `/classroom/classes?class=${classId}`;
    const { page: annPage } = await signedInPage(ann, DESKTOP);
    await annPage.goto(classUrl);
    await annPage.getByRole('heading', { level: 1, name: className }).waitFor();
    const annFirst = annPage.getByRole('article', { name: first });
    await annFirst.getByRole('button', { name: `Book a seat: ${first}` }).click();
    await annFirst.getByText('You have a seat.').waitFor();

    const { page: benPage } = await signedInPage(ben, DESKTOP);
    const benErrors = collectPageErrors(benPage);
    await benPage.goto(classUrl);
    const benFirst = benPage.getByRole('article', { name: first });
    await benFirst.getByRole('button', { name: `Join the waitlist: ${first}` }).click();
    await benFirst.getByText('You are number 1 on the waitlist.').waitFor();
    await shot(benPage, 'class-sessions-waitlisted');

    // Ann cancels; Ben is promoted and told.
    await annFirst.getByRole('button', { name: 'Cancel booking' }).click();
    await annPage
      .getByRole('dialog', { name: 'Cancel booking?' })
      .getByRole('button', { name: 'Cancel booking' })
      .click();
    await annFirst
      .getByRole('button', { name: `Book a seat: ${first}` })
      .or(annFirst.getByRole('button', { name: `Join the waitlist: ${first}` }))
      .first()
      .waitFor();

    await eventually(benPage, () =>
      benPage
        .getByRole('article', { name: first })
        .getByText('You have a seat.')
        .waitFor({ timeout: 2_000 }),
    );
    const bell = benPage.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await eventually(benPage, () => bell.waitFor({ timeout: 2_000 }));
    await bell.click();
    const popover = benPage.getByRole('dialog', { name: 'Latest notifications' });
    // The only item: joining the waitlist herself told Ben nothing; the promotion did.
    const item = popover.getByRole('link', { name: new RegExp(escapeRe(first)) });
    await item.waitFor();
    await shot(benPage, 'learner-promoted-bell');
    await item.click();
    await benPage.waitForURL(/\/classroom\/classes\?session=\d+$/);
    sessionId = sessionIdOf(benPage.url());
    await benPage.getByRole('heading', { level: 1, name: first }).waitFor();
    await benPage.getByText('You have a seat.').waitFor();
    await shot(benPage, 'one-session');

    // My sessions lists the seat.
    await benPage.goto('/classroom');
    await benPage.getByRole('tab', { name: 'My sessions', selected: true }).waitFor();
    await benPage.getByRole('list', { name: 'Upcoming sessions' }).getByText(first).waitFor();
    await shot(benPage, 'my-sessions');

    // ── The trainer shows the code; Ben checks in through the QR code's address ──
    const { page: trainerPage } = await signedInPage('trainer', DESKTOP);
    const trainerErrors = collectPageErrors(trainerPage);
    await trainerPage.goto(`/classroom/attendees/${sessionId}`);
    await trainerPage.getByRole('heading', { level: 1, name: first }).waitFor();
    await trainerPage.getByRole('table', { name: 'Attendees' }).getByText(ben.fullname).waitFor();
    await trainerPage.getByRole('button', { name: 'Show check-in code' }).click();
    const codeDialog = trainerPage.getByRole('dialog', { name: `Check in to ${first}` });
    await codeDialog.getByRole('img', { name: 'QR code that opens the check-in page' }).waitFor();
    const code = (await codeDialog.getByTestId('checkin-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await shot(trainerPage, 'checkin-code');

    await benPage.goto(`/classroom/classes?session=${sessionId}&checkin=${code}`);
    await benPage.getByRole('button', { name: 'Confirm check-in' }).click();
    await benPage
      .getByRole('status')
      .filter({ hasText: /You are checked in/ })
      .waitFor();
    await shot(benPage, 'checkin-confirmed');
    expect(benErrors).toEqual([]);

    // ── The report shows the attendance ──
    await trainerPage.getByRole('button', { name: 'Close' }).click();
    await trainerPage.reload();
    const report = trainerPage.getByRole('region', { name: 'Session report' });
    await report.getByText('100 %').waitFor();
    const benRow = trainerPage
      .getByRole('table', { name: 'Attendees' })
      .getByRole('row')
      .filter({ hasText: ben.fullname });
    await benRow.getByText('Attended').waitFor();
    await benRow.getByText('Present').waitFor();
    await shot(trainerPage, 'attendees-report');
    expect(trainerErrors).toEqual([]);

    // ── Every screen at 360 px ──
    await phoneShot('admin', '/classroom', 'classroom-home-staff');
    await phoneShot('admin', '/classroom?tab=dashboard', 'dashboard');
    await phoneShot('admin', '/classroom?tab=calendar', 'calendar');
    await phoneShot('admin', classroomUrl.pathname + classroomUrl.search, 'classroom-classes');
    await phoneShot('admin', `/classroom/classes/edit?class=${classId}`, 'class-editor');
    await phoneShot('admin', topicLink ?? '', 'add-session');
    await phoneShot('trainer', `/classroom/attendees/${sessionId}`, 'attendees');
    await phoneShot(ben, classUrl, 'class-sessions');
    await phoneShot(ben, '/classroom', 'my-sessions');
  }, 240_000);

  it('the class report, a learner’s attendance and the meeting settings', async () => {
    expect(classId, 'the flow above built the class').toBeGreaterThan(0);
    const report = `/classroom/classes/edit?class=${classId}&view=report`;

    // ── The admin's class report: Ben's check-in counts, the learners export ──
    const { page: adminPage } = await signedInPage('admin', DESKTOP);
    const adminErrors = collectPageErrors(adminPage);
    await adminPage.goto(`/classroom/classes/edit?class=${classId}`);
    await adminPage.getByRole('tab', { name: 'Report' }).click();
    await adminPage.waitForURL(/view=report/);
    await adminPage
      .getByRole('table', { name: 'Sessions of the class' })
      .getByRole('row')
      .filter({ hasText: first })
      .getByText('100 %')
      .waitFor();
    const benRow = adminPage
      .getByRole('table', { name: 'Learners of the class' })
      .getByRole('row')
      .filter({ hasText: ben.fullname });
    await benRow.getByText('1/2').waitFor();
    await adminPage.waitForLoadState('networkidle');
    await shot(adminPage, 'class-report');
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('button', { name: 'Export the class report as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^class-${classId}-report-.+\\.csv$`));

    // ── The trainer opens Ben's attendance from the attendees ──
    const { page: trainerPage } = await signedInPage('trainer', DESKTOP);
    await trainerPage.goto(`/classroom/attendees/${sessionId}`);
    await trainerPage
      .getByRole('table', { name: 'Attendees' })
      .getByRole('button', { name: ben.fullname })
      .click();
    const benDialog = trainerPage.getByRole('dialog', { name: new RegExp(escapeRe(ben.fullname)) });
    await benDialog
      .getByRole('table', { name: 'Bookings' })
      .getByRole('row')
      .filter({ hasText: first })
      .getByText('Present')
      .waitFor();
    await shot(trainerPage, 'learner-report-dialog');

    // ── Ben's own "My attendance" ──
    const { page: benPage } = await signedInPage(ben, DESKTOP);
    await benPage.goto('/classroom');
    await benPage.getByRole('tab', { name: 'My attendance' }).click();
    await benPage
      .getByRole('list', { name: 'Classes and completion' })
      .getByText(/1\/2 sessions attended/)
      .waitFor();
    await shot(benPage, 'my-attendance');

    // ── Meeting settings: a refusal on its field, then a secret set and removed ──
    await adminPage.goto('/classroom');
    await adminPage.getByRole('button', { name: 'Meeting settings' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Meeting settings' });
    const url = dialog.getByRole('textbox', { name: /Server address/ });
    await url.waitFor();
    await shot(adminPage, 'meeting-settings');
    await dialog.getByRole('radio', { name: 'BigBlueButton' }).check();
    await dialog
      .getByRole('textbox', { name: /API endpoint/ })
      .fill('https://bbb.example.test/bigbluebutton/api');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('BigBlueButton needs the shared secret of its server.').waitFor();
    await shot(adminPage, 'meeting-settings-error');
    // Back to the public Jitsi server (what every other spec meets on), with a JWT app.
    await dialog.getByRole('radio', { name: 'Jitsi Meet' }).check();
    await url.fill('https://meet.jit.si');
    await dialog.getByRole('textbox', { name: 'App id' }).fill(`atrium-${tag}`);
    await dialog.getByLabel('Secret').fill(`jwt-secret-${tag}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Meeting settings saved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await adminPage.getByRole('button', { name: 'Meeting settings' }).click();
    await dialog.getByText('A secret is set.').waitFor();
    expect(await dialog.locator('input[type="password"]').count()).toBe(0);
    expect(await adminPage.content()).not.toContain(`jwt-secret-${tag}`);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.getByRole('textbox', { name: 'App id' }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await adminPage.getByRole('button', { name: 'Meeting settings' }).click();
    await dialog.getByLabel('Secret').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Only the refusal asked for above (BigBlueButton without its secret).
    expect(adminErrors).toEqual([
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);

    // ── At 360 px ──
    await phoneShot('admin', report, 'class-report');
    await phoneShot(ben, '/classroom?tab=attendance', 'my-attendance');
    const { page: phone } = await signedInPage('admin', PHONE_IN_ZONE);
    await phone.goto('/classroom');
    await phone.getByRole('button', { name: 'Meeting settings' }).click();
    await phone
      .getByRole('dialog', { name: 'Meeting settings' })
      .getByRole('textbox', { name: /Server address/ })
      .waitFor();
    await shot(phone, 'meeting-settings-360');
    await phone.goto(`/classroom/attendees/${sessionId}`);
    await phone.getByRole('button', { name: ben.fullname }).click();
    await phone
      .getByRole('dialog', { name: new RegExp(escapeRe(ben.fullname)) })
      .getByRole('list', { name: 'Bookings' })
      .getByText('Present')
      .waitFor();
    // The dialog alone (a full-page shot would show the page under it too).
    await phone.waitForTimeout(300);
    await phone.screenshot({ path: `${SHOTS}/learner-report-dialog-360.png` });
    await phone.context().close();
  }, 120_000);
});
