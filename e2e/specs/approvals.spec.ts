import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors } from '../support/browser.ts';
import { call } from '../support/fixtures.ts';
import { useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const KIND = 'course_enrolment';
const SHOTS = '/tmp/approvals-e2e';

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

interface Approver {
  id: number;
  level: number;
  type: 'user' | 'department_head' | 'owner' | 'any_admin';
  user: { id: number } | null;
}
interface ApprovalModule {
  kind: string;
  enabled: boolean;
  default_approvers: boolean;
  approvers: Approver[];
}
interface Person {
  username: string;
  password: string;
  id: number;
  fullname: string;
}

async function enrolmentModule(admin: string): Promise<ApprovalModule> {
  const { results } = await apiJson<{ results: ApprovalModule[] }>(
    '/api/approvalflow/approval-module/',
    admin,
  );
  const module = results.find((m) => m.kind === KIND);
  if (!module) throw new Error(`No ${KIND} approval module in ${JSON.stringify(results)}`);
  return module;
}

/** Removes every approver row of course enrolment (the server then falls back to the defaults). */
async function removeAllApprovers(admin: string) {
  const module = await enrolmentModule(admin);
  // The defaults are no rows (id 0): nothing to remove.
  if (module.default_approvers) return;
  for (const a of module.approvers) {
    await call('DELETE', `/api/approvalflow/module-approval-user-RUD/${a.id}/`, admin);
  }
}

/** A user made by the admin (approved and active at once), in a department if given. */
async function addUser(
  admin: string,
  role: 3 | 4,
  first: string,
  last: string,
  department?: number,
): Promise<Person> {
  const tag = uniqueTag();
  const username = `appr-${first.toLowerCase()}-${tag}`;
  const password = `Violet-Harbour-${tag}`;
  const form = new FormData();
  form.append('username', username);
  form.append('email', `${username}@example.test`);
  form.append('first_name', first);
  form.append('last_name', last);
  form.append('role', String(role));
  form.append('password', password);
  if (department) form.append('department', String(department));
  const user = await call<{ id: number; fullname: string }>(
    'POST',
    '/api/v1/accounts/add-user/',
    admin,
    form,
  );
  return { username, password, id: user.id, fullname: user.fullname };
}

/** The Requests entry of the profile menu, as its accessible name reads it (`Requests, 2 pending`). */
async function requestsMenuEntry(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

const requestsEntry = (count: number) =>
  count === 0 ? /^Requests$/ : new RegExp(`^Requests, ${count} pending$`);

/** What a page shows when a step fails: its address, dialogs, headings and errors, in the log. */
async function describePage(page: Page, errors: string[]) {
  await page.screenshot({ path: '/tmp/approvals-failed.png', fullPage: true }).catch(() => {});
  const names = (role: 'dialog' | 'heading' | 'combobox' | 'alert') =>
    page
      .getByRole(role)
      .evaluateAll((els) => els.map((el) => (el.textContent ?? '').trim().slice(0, 120)));
  console.log(
    JSON.stringify({
      url: page.url(),
      dialogs: await names('dialog'),
      headings: await names('heading'),
      comboboxes: await names('combobox'),
      alerts: await names('alert'),
      errors,
    }),
  );
}

describe('a two-level approval flow for course enrolment', () => {
  const tag = uniqueTag();
  const title = `Two-level course ${tag}`;
  let admin: string;
  let adminName: string;
  let courseId: number;
  let head: Person;
  let learner: Person;
  let before: ApprovalModule;

  beforeAll(async () => {
    admin = await apiSignIn('admin');
    const me = await apiJson<{ fullname: string; membership: { organization: { id: number } } }>(
      '/api/v1/me/',
      admin,
    );
    adminName = me.fullname;

    // The organisation: a department whose head is a trainer, and a learner in it.
    head = await addUser(admin, 3, 'Hanna', `Head ${tag}`);
    const department = await call<{ id: number; head: { id: number } | null }>(
      'POST',
      '/api/v1/accounts/department-organization-map/',
      admin,
      { organization: me.membership.organization.id, name: `Approvals ${tag}`, head: head.id },
    );
    expect(department.head?.id).toBe(head.id);
    learner = await addUser(admin, 4, 'Lars', `Requester ${tag}`, department.id);

    // A published self-enrol course of the admin's.
    const course = await call<{ id: number }>('POST', '/api/courses/', admin, {
      title,
      description: '<p>Two approvals stand between you and this course.</p>',
      self_enrol: true,
    });
    courseId = course.id;
    await call('POST', `/api/courses/${courseId}/modules/`, admin, { title: 'Welcome' });
    await call('PATCH', `/api/courses/published/${courseId}/`, admin, { status: 'published' });

    // The flow starts from the kind's defaults, whatever an earlier spec left (removing every
    // approver brings them back): the admin then builds both levels in the settings tab, the
    // first approver replacing the defaults.
    before = await enrolmentModule(admin);
    if (!before.enabled)
      await call('PUT', '/api/approvalflow/approval-module/', admin, { kind: KIND, enabled: true });
    await removeAllApprovers(admin);
    expect((await enrolmentModule(admin)).default_approvers).toBe(true);
  }, 60_000);

  afterAll(async () => {
    if (!admin || !before) return;
    // Back to the approvers the organisation had (removing every row restores the defaults),
    // so the other specs' single-level enrolment requests still reach the admin.
    await removeAllApprovers(admin);
    for (const a of before.default_approvers ? [] : before.approvers) {
      await call('POST', '/api/approvalflow/add-module-approvers/', admin, {
        module: KIND,
        level: a.level,
        type: a.type,
        ...(a.user ? { user: a.user.id } : {}),
      });
    }
    if (!before.enabled) {
      await call('PUT', '/api/approvalflow/approval-module/', admin, {
        kind: KIND,
        enabled: false,
      });
    }
    const levels = (m: ApprovalModule) => m.approvers.map((a) => [a.level, a.type, a.user?.id]);
    const after = await enrolmentModule(admin);
    expect(levels(after)).toEqual(levels(before));
    expect(after.default_approvers).toBe(before.default_approvers);
  });

  it('the department head then an admin approve; only then is the learner told and enrolled', async () => {
    // ── The admin sets up the two levels in the Approval settings tab ──
    const adminPage = (await signedInPage('admin', DESKTOP)).page;
    const adminErrors = collectPageErrors(adminPage);
    await adminPage.goto('/requests?tab=settings');
    await adminPage.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
    await adminPage.getByRole('button', { name: /^Course enrolment/ }).click();
    const settings = adminPage.getByRole('region', { name: /^Course enrolment/ });
    // The kind's defaults, read-only, until the admin names the first approver.
    await settings.getByText(/^Default: .* adding an approver replaces the defaults\.$/).waitFor();

    const addApprover = settings.getByRole('button', { name: 'Add approver', exact: true });
    await addApprover.click();
    let dialog = adminPage.getByRole('dialog', { name: 'Add an approver: Course enrolment' });
    // This dialog failed to show in two full CI runs and never in a run of this spec alone, with
    // nothing in the log to say why: the page is described in the log, and a second click (what a
    // user would do) is tried once, so the rest of the flow still gets tested.
    if (
      !(await dialog.isVisible()) &&
      !(await dialog.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      await describePage(adminPage, adminErrors);
      await addApprover.click();
    }
    await dialog.getByRole('combobox', { name: 'Approver' }).click();
    await adminPage.getByRole('option', { name: "Requester's department head" }).click();
    expect(await dialog.getByRole('combobox', { name: 'Level' }).textContent()).toBe('Level 1');
    await dialog.getByRole('button', { name: 'Add approver', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const level1 = settings.getByRole('group', { name: 'Level 1' });
    await level1.getByText("Requester's department head").waitFor();

    await settings.getByRole('button', { name: 'Add Level 2' }).click();
    dialog = adminPage.getByRole('dialog', { name: 'Add an approver: Course enrolment' });
    expect(await dialog.getByRole('combobox', { name: 'Level' }).textContent()).toBe('Level 2');
    await dialog.getByRole('combobox', { name: 'Approver' }).click();
    await adminPage.getByRole('option', { name: 'Any admin' }).click();
    await dialog.getByRole('button', { name: 'Add approver', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const level2 = settings.getByRole('group', { name: 'Level 2' });
    await level2.getByText('Any admin').waitFor();
    expect(await level1.getByRole('listitem').count()).toBe(1);
    expect(await level2.getByRole('listitem').count()).toBe(1);
    await settings.screenshot({ path: `${SHOTS}/approval-settings-two-levels.png` });
    // What the server now holds: exactly these two levels.
    const configured = (await enrolmentModule(admin)).approvers.map((a) => [a.level, a.type]);
    expect(configured).toEqual([
      [1, 'department_head'],
      [2, 'any_admin'],
    ]);

    // The admin waits on their To approve list; what already waits for them is the baseline.
    const adminBaseline = (
      await apiJson<{ result: number }>('/api/approvalflow/request-count/', admin)
    ).result;
    await adminPage.getByRole('tab', { name: /^To approve/ }).click();
    const adminList = adminPage.getByRole('region', { name: /^To approve/ });
    await adminList.waitFor();
    await requestsMenuEntry(adminPage, requestsEntry(adminBaseline));

    // ── The head has nothing to decide yet ──
    const headPage = (await signedInPage(head, DESKTOP)).page;
    const headErrors = collectPageErrors(headPage);
    await headPage.goto('/requests');
    await headPage.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
    const headList = headPage.getByRole('region', { name: /^To approve/ });
    await headList.getByText('Nothing waits for your decision.').waitFor();
    await requestsMenuEntry(headPage, requestsEntry(0));

    // ── The learner asks to join on the course page ──
    const learnerPage = (await signedInPage(learner, DESKTOP)).page;
    const learnerErrors = collectPageErrors(learnerPage);
    const refused: string[] = [];
    learnerPage.on('response', (response) => {
      if (response.status() === 403) refused.push(new URL(response.url()).pathname);
    });
    await learnerPage.goto(`/course/${courseId}`);
    await learnerPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await learnerPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await learnerPage.getByRole('button', { name: 'Request enrolment' }).click();
    await learnerPage
      .getByText('Enrolment requested. You will be told when it is decided.')
      .waitFor();
    await learnerPage.getByText('Request pending').waitFor();

    // ── Level 1: the head's count rises live and the request appears on their list ──
    await requestsMenuEntry(headPage, requestsEntry(1));
    const headRow = headList.getByRole('row').filter({ hasText: title });
    await headRow.waitFor();
    expect(await headRow.textContent()).toContain(learner.fullname);
    expect(await headRow.textContent()).toContain('1 of 2');
    expect(await headRow.textContent()).toContain(head.fullname);
    // Not the admin's yet: level 2 has not been reached.
    expect(
      (await apiJson<{ result: number }>('/api/approvalflow/request-count/', admin)).result,
    ).toBe(adminBaseline);
    expect(await adminList.getByRole('row').filter({ hasText: title }).count()).toBe(0);

    await headRow
      .getByRole('button', { name: `Details of ${title} (${learner.fullname})` })
      .click();
    // The drawer, named by its title: what is asked, at which level, of whom.
    const drawer = headPage.getByLabel('Request', { exact: true });
    await drawer.getByText('Waiting on').waitFor();
    expect(await drawer.textContent()).toContain(`Requester${learner.fullname}`);
    expect(await drawer.textContent()).toContain('Level1 of 2');
    expect(await drawer.textContent()).toContain(`Waiting on${head.fullname}`);
    await shot(headPage, 'requests-head-drawer');
    await drawer.getByRole('button', { name: 'Approve', exact: true }).click();
    await headPage.getByText('Level approved; the request moves to level 2 of 2.').waitFor();
    // Still pending, now at the admins' level; the head's step is in the history and they can
    // no longer decide.
    const history = drawer.getByRole('list', { name: 'History' });
    await history.getByText(`Approved level 1 by ${head.fullname}`).waitFor();
    expect(await drawer.textContent()).toContain('Level2 of 2');
    expect((await drawer.textContent())?.split('Waiting on')[1]).toContain(adminName);
    expect(await drawer.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await headPage.getByRole('button', { name: 'Close request details' }).click();
    await requestsMenuEntry(headPage, requestsEntry(0));

    // ── Not enrolled yet: the learner still sees the request pending, and no notification ──
    await learnerPage.reload();
    await learnerPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await learnerPage.getByText('Request pending').waitFor();
    expect(await learnerPage.getByRole('link', { name: 'Open course' }).count()).toBe(0);
    await learnerPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    const learnerToken = await apiSignIn(learner.username, learner.password);
    const progress = await fetch(
      new URL('/api/courses/user-course-module-file-status/', learnerPage.url()),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token ${learnerToken}` },
        body: JSON.stringify({ course: courseId }),
      },
    );
    const state = progress.ok ? ((await progress.json()) as { status: string }).status : null;
    expect(state === 'enrolled' || state === 'completed').toBe(false);
    await learnerPage.goto('/requests');
    const mine = learnerPage.getByRole('region', { name: /^My requests/ });
    const myRow = mine.getByRole('row').filter({ hasText: title });
    await myRow.waitFor();
    expect(await myRow.textContent()).toContain('2 of 2');
    expect(await myRow.textContent()).toContain('Pending');

    // ── Level 2: the admin's count rises live; the admin approves from the list ──
    await requestsMenuEntry(adminPage, requestsEntry(adminBaseline + 1));
    const adminRow = adminList.getByRole('row').filter({ hasText: title });
    await adminRow.waitFor();
    expect(await adminRow.textContent()).toContain('2 of 2');
    expect(await adminRow.textContent()).toContain(adminName);
    await shot(adminPage, 'requests-admin-to-approve');
    await adminRow.getByRole('button', { name: `Approve ${title} (${learner.fullname})` }).click();
    await adminPage.getByText('Request approved.').waitFor();
    await adminRow.waitFor({ state: 'detached' });
    await requestsMenuEntry(adminPage, requestsEntry(adminBaseline));

    // ── The learner is told, live, and is enrolled ──
    const bell = learnerPage.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 10_000 });
    await bell.click();
    const popover = learnerPage.getByRole('dialog', { name: 'Latest notifications' });
    const item = popover.getByRole('link', { name: new RegExp(title) });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/approved/);
    expect(await item.textContent()).toContain(adminName);
    await learnerPage.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
    // My requests does not follow decisions live (only To approve does): a reload shows it.
    await learnerPage.reload();
    await myRow.getByText('Approved').waitFor();
    expect(await myRow.textContent()).not.toContain('Pending');

    await learnerPage.goto(`/course/${courseId}`);
    await learnerPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await learnerPage.getByRole('link', { name: 'Open course' }).waitFor();
    expect(await learnerPage.getByText('Request pending').count()).toBe(0);
    await learnerPage.goto('/asssigned_course');
    await learnerPage.getByRole('heading', { level: 1, name: 'My courses' }).waitFor();
    await learnerPage.getByRole('article', { name: title }).waitFor();

    expect(adminErrors).toEqual([]);
    expect(headErrors).toEqual([]);
    // The course page asks for the learner's progress and reads a 403 as "not enrolled": the
    // browser logs those refusals, and they are the only ones.
    expect(new Set(refused)).toEqual(new Set(['/api/courses/user-course-module-file-status/']));
    const forbidden = /Failed to load resource: .* 403 \(Forbidden\)/;
    expect(learnerErrors.filter((e) => !forbidden.test(e))).toEqual([]);
    expect(learnerErrors.length).toBe(refused.length);
  }, 180_000);
});
