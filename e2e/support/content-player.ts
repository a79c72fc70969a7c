import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiSignIn, DEMO_PASSWORD } from './accounts.ts';
import { call, ffmpegClip } from './fixtures.ts';
import { REPO_ROOT } from './paths.ts';
import { uniqueTag, userIdOf } from './people.ts';

export { call };

/**
 * The real SCORM packages (README there): next to the repository in CI and on the team's
 * machines, absent from a user's clone.
 */
export const SCORM_DIR = path.resolve(REPO_ROOT, '../shared/testdata/scorm');
export const HAVE_SCORM = existsSync(path.join(SCORM_DIR, 'RuntimeMinimumCalls_SCORM12.zip'));

export function scormPackage(name: string) {
  return { name, mimeType: 'application/zip', buffer: readFileSync(path.join(SCORM_DIR, name)) };
}

/** The brief's three-second clip with sound, made by ffmpeg (the Debian package) in the test. */
export function testVideo(name: string) {
  const buffer = ffmpegClip({ seconds: 3, size: '640x360', rate: 15, audio: true });
  return { name, mimeType: 'video/mp4', buffer };
}

/** An approved learner of the demo organisation, added by the demo admin. */
export async function freshLearner(): Promise<{ username: string; password: string; id: number }> {
  const admin = await apiSignIn('admin');
  const username = `learner-${uniqueTag()}${uniqueTag()}`;
  const form = new FormData();
  for (const [key, value] of Object.entries({
    username,
    email: `${username}@example.test`,
    first_name: 'Lee',
    last_name: `Golfer ${username.slice(-4)}`,
    role: '4',
    password: DEMO_PASSWORD,
  }))
    form.append(key, value);
  await call('POST', '/api/v1/accounts/add-user/', admin, form);
  const id = await userIdOf(await apiSignIn(username));
  return { username, password: DEMO_PASSWORD, id };
}

export interface TrainerCourse {
  courseId: number;
  moduleId: number;
  title: string;
}

/** A draft course of the demo trainer with one module, for the trainer to fill through the UI. */
export async function trainerCourse(label: string): Promise<TrainerCourse> {
  const trainer = await apiSignIn('trainer');
  const title = `${label} ${uniqueTag()}`;
  const course = await call<{ id: number }>('POST', '/api/courses/', trainer, {
    title,
    description: '<p>Played and tracked by Atrium.</p>',
  });
  const mod = await call<{ id: number }>('POST', `/api/courses/${course.id}/modules/`, trainer, {
    title: 'Content',
  });
  return { courseId: course.id, moduleId: mod.id, title };
}

/** The demo admin publishes the course and enrols the learner. */
export async function publishAndEnrol(courseId: number, learnerId: number) {
  const admin = await apiSignIn('admin');
  await call('PATCH', `/api/courses/published/${courseId}/`, admin, { status: 'published' });
  await call('POST', `/api/courses/${courseId}/assign/`, admin, { users: [learnerId] });
}

/** Uploads a file on the module page (the trainer's UI) and waits for it in the module's list. */
export async function uploadOnModulePage(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.locator('input[aria-label="Upload a file"]').setInputFiles(file);
  await page
    .getByRole('list', { name: 'Module files in order' })
    .getByText(file.name)
    .waitFor({ timeout: 30_000 });
}

export const percent = (page: Page) => page.getByTestId('course-percent').first();
export const fileTitle = (page: Page) => page.locator('#player-file-title');

/** Opens a file of the course player from its contents list. */
export async function openPlayerFile(page: Page, name: string) {
  const contents = page.getByRole('navigation', { name: 'Course contents' });
  await contents.getByRole('button', { name: new RegExp(name.replace(/\./g, '\\.')) }).click();
  await page.locator('#player-file-title').filter({ hasText: name }).waitFor();
}
