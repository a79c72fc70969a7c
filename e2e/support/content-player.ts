import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { apiSignIn, DEMO_PASSWORD } from './accounts.ts';
import { REPO_ROOT } from './paths.ts';
import { uniqueTag, userIdOf } from './people.ts';

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
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-hls-'));
  const file = path.join(dir, 'clip.mp4');
  // biome-ignore format: the ffmpeg command reads best as one line
  execFileSync('/usr/bin/ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=15', '-f', 'lavfi', '-i', 'sine=duration=3', '-pix_fmt', 'yuv420p', '-shortest', file]);
  return { name, mimeType: 'video/mp4', buffer: readFileSync(file) };
}

/** JSON (or multipart) through the API as `token`, failing loudly on an error status. */
export async function call<T>(
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const multipart = body instanceof FormData;
  const response = await fetch(`${inject('baseURL')}${url}`, {
    method,
    headers: {
      authorization: `Token ${token}`,
      ...(body !== undefined && !multipart ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  const data = (await response.json().catch(() => undefined)) as T;
  if (!response.ok)
    throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(data)}`);
  return data;
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
