import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn } from '../support/accounts.ts';
import { collectPageErrors } from '../support/browser.ts';
import { call, tinyPdf } from '../support/fixtures.ts';
import { useBrowser } from '../support/pages.ts';
import { apiJson, uniqueTag } from '../support/people.ts';

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };
const SHOTS = '/tmp/lp-e2e';

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Course {
  id: number;
  title: string;
}
interface Learner {
  username: string;
  password: string;
  fullname: string;
}

/** As the demo admin: a published course with one module holding one required PDF. */
async function completableCourse(admin: string, title: string): Promise<Course> {
  const course = await call<{ id: number }>('POST', '/api/courses/', admin, {
    title,
    description: '<p>One short reading.</p>',
  });
  const mod = await call<{ id: number }>('POST', `/api/courses/${course.id}/modules/`, admin, {
    title: 'Reading',
  });
  const name = `${title}.pdf`;
  const form = new FormData();
  form.append('name', name);
  form.append(
    'file',
    new Blob([new Uint8Array(tinyPdf(title))], { type: 'application/pdf' }),
    name,
  );
  const file = await call<{ id: number }>('POST', '/api/courses/file-repo/', admin, form);
  await call('POST', `/api/courses/modules/${mod.id}/files/`, admin, { file: file.id });
  await call('PATCH', `/api/courses/published/${course.id}/`, admin, { status: 'published' });
  return { id: course.id, title };
}

/**
 * From the learner's page of the path, through the course page into the player, and marks the
 * course's only file complete. The course enrolment the path makes arrives through a durable
 * event, so the course page is reloaded until it offers the course.
 */
async function completeCourse(page: Page, pathUrl: string, course: Course) {
  await page.goto(pathUrl);
  const timeline = page.getByRole('list', { name: 'Courses of the path' });
  await timeline.getByRole('link', { name: course.title, exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/course/${course.id}`);
  await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
  const open = page.getByRole('link', { name: 'Open course' });
  const offered = () =>
    open.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
  await expect
    .poll(
      async () => {
        if (await offered()) return true;
        await page.reload();
        return false;
      },
      { timeout: 30_000, interval: 0 },
    )
    .toBe(true);
  await open.click();
  await page.waitForURL((url) => url.pathname === `/course-module/${course.id}`);
  await page
    .locator('#player-file-title')
    .filter({ hasText: `${course.title}.pdf` })
    .waitFor();
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await page.getByText('Congratulations, you completed this course!').waitFor({ timeout: 20_000 });
  await expect.poll(() => page.getByTestId('course-percent').first().textContent()).toBe('100%');
}

describe('issue 15: a learning path from building to completion', () => {
  const tag = uniqueTag();
  const pathTitle = `Warehouse onboarding path ${tag}`;
  const departmentName = `Path dept ${tag}`;
  let admin: string;
  let courses: [Course, Course, Course];
  let learner: Learner;

  beforeAll(async () => {
    admin = await apiSignIn('admin');
    const me = await apiJson<{ fullname: string; membership: { organization: { id: number } } }>(
      '/api/v1/me/',
      admin,
    );
    const department = await call<{ id: number }>(
      'POST',
      '/api/v1/accounts/department-organization-map/',
      admin,
      { organization: me.membership.organization.id, name: departmentName },
    );
    const username = `lp-learner-${tag}`;
    const password = `Violet-Harbour-${tag}`;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      username,
      email: `${username}@example.test`,
      first_name: 'Paula',
      last_name: `Pathfinder ${tag}`,
      role: '4',
      password,
      department: String(department.id),
    }))
      form.append(key, value);
    const user = await call<{ fullname: string }>(
      'POST',
      '/api/v1/accounts/add-user/',
      admin,
      form,
    );
    learner = { username, password, fullname: user.fullname };
    courses = [
      await completableCourse(admin, `Path safety basics ${tag}`),
      await completableCourse(admin, `Path racking rules ${tag}`),
      await completableCourse(admin, `Path forklift capstone ${tag}`),
    ];
  }, 90_000);

  it('the admin builds, publishes and assigns it to a department; the learner unlocks the capstone, completes the path and is told', async () => {
    const [first, second, capstone] = courses;

    // ── The admin creates the path in the New learning path dialog ──
    const { page: adminPage } = await signedInPage('admin', DESKTOP);
    const adminErrors = collectPageErrors(adminPage);
    await adminPage.goto('/learning-path');
    await adminPage.getByRole('heading', { level: 1, name: 'Learning paths' }).waitFor();
    await adminPage.getByRole('button', { name: 'New learning path' }).click();
    const create = adminPage.getByRole('dialog', { name: 'New learning path' });
    await create.getByRole('textbox', { name: 'Title' }).fill(pathTitle);
    await create
      .getByRole('textbox', { name: 'Description' })
      .fill('Three courses for new warehouse staff; the capstone comes last.');
    await create.getByRole('button', { name: 'Create' }).click();
    await adminPage.waitForURL(/\/learning-path\/\d+$/);
    const pathId = Number(new URL(adminPage.url()).pathname.split('/').pop());
    const pathUrl = `/learning-path/learner/learning-path/${pathId}`;
    await adminPage.getByRole('heading', { level: 1, name: pathTitle }).waitFor();
    await adminPage.getByText('0 courses · 0 learners').waitFor();
    expect(await adminPage.getByRole('tab', { name: 'Structure', selected: true }).count()).toBe(1);
    await adminPage.getByText('No courses yet. Add the first one above.').waitFor();

    // ── Structure: the three courses, then the capstone waits for the first two ──
    const addCourse = adminPage.getByRole('combobox', { name: 'Add a course' });
    for (const course of courses) {
      await addCourse.fill(course.title);
      await adminPage
        .getByRole('option', { name: new RegExp(`^${escapeRe(course.title)}`) })
        .click();
      await adminPage
        .getByRole('list', { name: 'Courses of the path' })
        .getByText(course.title, { exact: false })
        .first()
        .waitFor();
    }
    const structure = adminPage.getByRole('list', { name: 'Courses of the path' });
    const rowText = async () =>
      (await structure.getByRole('listitem').allTextContents()).map((t) => t.trim());
    await expect.poll(async () => (await rowText()).length).toBe(3);
    const rows = await rowText();
    expect(rows[0]).toContain(`1. ${first.title}`);
    expect(rows[1]).toContain(`2. ${second.title}`);
    expect(rows[2]).toContain(`3. ${capstone.title}`);
    for (const row of rows) expect(row).toContain('No prerequisites of its own');
    await adminPage.getByText('Unsaved changes').waitFor();

    await adminPage.getByRole('button', { name: `Prerequisites of ${capstone.title}` }).click();
    const before = adminPage.getByRole('dialog', { name: `Before “${capstone.title}”` });
    const completeFirst = before.getByRole('combobox', { name: 'Complete first' });
    for (const course of [first, second]) {
      await completeFirst.fill(course.title);
      await adminPage.getByRole('option', { name: course.title, exact: true }).click();
    }
    await before.getByRole('button', { name: 'Apply' }).click();
    await before.waitFor({ state: 'detached' });
    await structure
      .getByText(`Requires ${first.title}, ${second.title}`, { exact: true })
      .waitFor();

    await adminPage.getByRole('button', { name: 'Save structure' }).click();
    await adminPage.getByText('Unsaved changes').waitFor({ state: 'detached' });
    await adminPage.getByText('3 courses · 0 learners').waitFor();
    // The graph draws the three courses and the two links into the capstone, the capstone one
    // column right of the courses it waits for.
    const graph = adminPage.getByRole('group', {
      name: "Prerequisite graph of the path's courses",
    });
    const node = (course: Course) => graph.locator(`.react-flow__node[data-id="${course.id}"]`);
    for (const course of courses) {
      await node(course).waitFor();
      expect(await node(course).textContent()).toBe(course.title);
    }
    const edges = graph.locator('.react-flow__edge');
    await expect.poll(() => edges.count()).toBe(2);
    expect(
      (await edges.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')))).sort(),
    ).toEqual([`${first.id}-${capstone.id}`, `${second.id}-${capstone.id}`].sort());
    const x = async (course: Course) => (await node(course).boundingBox())?.x ?? Number.NaN;
    expect(await x(first)).toBe(await x(second));
    expect(await x(capstone)).toBeGreaterThan(await x(first));
    // What the server holds after a reload: the same structure.
    await adminPage.reload();
    await adminPage.getByRole('heading', { level: 1, name: pathTitle }).waitFor();
    await structure
      .getByText(`Requires ${first.title}, ${second.title}`, { exact: true })
      .waitFor();
    await expect.poll(() => edges.count()).toBe(2);
    await adminPage.waitForTimeout(300);
    await shot(adminPage, 'editor-structure');

    // ── Publish ──
    await adminPage.getByRole('button', { name: 'Publish', exact: true }).click();
    await adminPage.getByRole('button', { name: 'Archive' }).waitFor();
    await adminPage.getByText('Published', { exact: true }).first().waitFor();
    expect(await adminPage.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);

    // ── Learners: the department is assigned ──
    await adminPage.getByRole('tab', { name: 'Learners' }).click();
    const learnersPanel = adminPage.getByRole('region', { name: 'Learners' });
    await learnersPanel.getByText('No learners yet. Assign some.').waitFor();
    await learnersPanel.getByRole('button', { name: 'Assign', exact: true }).click();
    const assign = adminPage.getByRole('dialog', { name: 'Assign learners' });
    await assign.getByRole('combobox', { name: 'Departments' }).fill(departmentName);
    await adminPage.getByRole('option', { name: `${departmentName} (1 user)` }).click();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await assign.getByRole('status').filter({ hasText: '1 learner enrolled.' }).waitFor();
    await assign.getByRole('button', { name: 'Done' }).click();
    await assign.waitFor({ state: 'detached' });
    const learnerRow = learnersPanel
      .getByRole('table', { name: 'Learners and their progress' })
      .getByRole('row')
      .filter({ hasText: learner.fullname });
    await learnerRow.waitFor();
    expect(await learnerRow.textContent()).toContain('Department');
    expect(await learnerRow.textContent()).toContain('0 / 3');
    await adminPage.getByText('3 courses · 1 learner').waitFor();
    await shot(adminPage, 'editor-learners');

    // ── The learner finds it in My paths and in the catalogue ──
    const { page } = await signedInPage(learner, DESKTOP);
    const errors = collectPageErrors(page);
    await page.goto('/learning-path');
    await page.getByRole('heading', { level: 1, name: 'Learning paths' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Manage' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'My paths' }).click();
    const card = page.getByRole('link', { name: new RegExp(escapeRe(pathTitle)) });
    await card.waitFor();
    expect(await card.textContent()).toContain('3 courses');
    expect(await card.textContent()).toContain('0%');
    await page.getByRole('tab', { name: 'Catalogue' }).click();
    await page.getByRole('searchbox', { name: 'Search learning paths' }).fill(pathTitle);
    await card.waitFor();
    await card.click();
    await page.waitForURL((url) => url.pathname === pathUrl);

    // ── The learner's page: the capstone is locked, naming the two courses before it ──
    await page.getByRole('heading', { level: 1, name: pathTitle }).waitFor();
    const timeline = page.getByRole('list', { name: 'Courses of the path' });
    const item = (course: Course) =>
      timeline.getByRole('listitem').filter({ has: page.getByText(course.title, { exact: true }) });
    const progress = page.getByRole('progressbar', { name: `Progress in ${pathTitle}` });
    await item(capstone).getByText('Locked', { exact: true }).waitFor();
    await item(capstone)
      .getByText(`Complete ${first.title} and ${second.title} first`, { exact: true })
      .waitFor();
    // Locked: its title is no link to the course.
    expect(await item(capstone).getByRole('link').count()).toBe(0);
    for (const course of [first, second]) {
      await item(course).getByRole('link', { name: course.title, exact: true }).waitFor();
      expect(await item(course).textContent()).not.toContain('Locked');
    }
    expect(await progress.getAttribute('aria-valuenow')).toBe('0');
    const next = page.getByRole('link', { name: `Start: ${first.title}` });
    await next.waitFor();
    expect(await next.getAttribute('href')).toBe(`/course/${first.id}`);
    await shot(page, 'learner-locked');

    // ── The first two courses, through the course player ──
    await completeCourse(page, pathUrl, first);
    await completeCourse(page, pathUrl, second);

    // Back on the path: two thirds done, the capstone open and next.
    await expect
      .poll(
        async () => {
          await page.goto(pathUrl);
          await page.getByRole('heading', { level: 1, name: pathTitle }).waitFor();
          return progress.getAttribute('aria-valuenow');
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe('66');
    await page.getByText('66%', { exact: true }).first().waitFor();
    for (const course of [first, second])
      await item(course).getByText('Completed', { exact: true }).waitFor();
    await item(capstone).getByRole('link', { name: capstone.title, exact: true }).waitFor();
    expect(await item(capstone).textContent()).not.toContain('Locked');
    expect(await item(capstone).textContent()).not.toMatch(/Complete .* first/);
    await item(capstone).getByText('Next', { exact: true }).waitFor();
    const cont = page.getByRole('link', { name: `Continue: ${capstone.title}` });
    await cont.waitFor();
    expect(await cont.getAttribute('href')).toBe(`/course/${capstone.id}`);
    await page.getByText('In progress', { exact: true }).first().waitFor();
    // Enrolled in the path, not yet through it: the enrolment, the level the first course's
    // points reached (the demo's Explorer at 100 points: a course is worth 100) and the first
    // course's certificate (the demo's default template), the last arriving from its job.
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).waitFor();
    await shot(page, 'learner-unlocked');

    // ── The capstone: the path is complete ──
    await completeCourse(page, pathUrl, capstone);
    await expect
      .poll(
        async () => {
          await page.goto(pathUrl);
          await page.getByRole('heading', { level: 1, name: pathTitle }).waitFor();
          return progress.getAttribute('aria-valuenow');
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe('100');
    await page.getByText('100%', { exact: true }).first().waitFor();
    // "Completed" and the day, in the browser's locale.
    await page.getByText(/^Completed \S.*\d{4}$/).waitFor();
    for (const course of courses)
      await item(course).getByText('Completed', { exact: true }).waitFor();
    // Nothing left to continue.
    expect(await page.getByRole('link', { name: /^(Start|Continue): / }).count()).toBe(0);
    await shot(page, 'learner-completed');

    // My paths shows it completed.
    await page.goto('/learning-path?tab=mine');
    await page.getByRole('tab', { name: 'My paths', selected: true }).waitFor();
    await card.waitFor();
    expect(await card.textContent()).toContain('Completed');
    expect(await card.textContent()).toContain('100%');

    // ── The bell: the completion notification, which leads back to the path ──
    // Three courses (300) and the path (200) pass the demo's Achiever level (500) too; with the
    // certificates and badges that follow, the oldest of the popover's eight may be older ones.
    await page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ }).click();
    const popover = page.getByRole('dialog', { name: 'Latest notifications' });
    const told = popover.getByRole('link', {
      name: new RegExp(`You completed the learning path ${escapeRe(pathTitle)}`),
    });
    await told.waitFor();
    expect(await told.count()).toBe(1);
    await popover.getByRole('link', { name: /You reached the level Achiever/ }).waitFor();
    expect(await told.textContent()).toContain('Unread');
    await page.waitForTimeout(500);
    await shot(page, 'learner-notification');
    await told.click();
    await page.waitForURL((url) => url.pathname === pathUrl);
    await page.getByRole('heading', { level: 1, name: pathTitle }).waitFor();

    // The admin's progress table agrees.
    await adminPage.reload();
    await learnerRow.waitFor();
    expect(await learnerRow.textContent()).toContain('Completed');
    expect(await learnerRow.textContent()).toContain('3 / 3');

    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
  }, 300_000);
});
