import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { inject } from 'vitest';
import { apiSignIn } from './accounts.ts';
import { launchBrowser } from './browser.ts';
import { REPO_ROOT } from './paths.ts';

/*
 * Fake cameras for the proctoring specs: Y4M files made by ffmpeg, which Chromium plays (looped)
 * as its camera when launched with them. A file is fixed per browser launch, so each learner
 * with a different camera needs a browser of their own.
 */

/** A face that ships inside the installed @vladmandic/human, cropped from its screenshot. */
const FACE_IMAGE = path.join(
  REPO_ROOT,
  'node_modules/@vladmandic/human/assets/screenshot-faceid.jpg',
);
const FACE_CROP = 'crop=224:168:0:132';
const EMPTY_ROOM = 'color=c=0x6a8caf';

function ffmpeg(args: string[]) {
  execFileSync('/usr/bin/ffmpeg', ['-loglevel', 'error', '-y', ...args]);
}

/** A folder of its own for one spec's videos. */
export const videoDir = () => mkdtempSync(path.join(tmpdir(), 'atrium-camera-'));

/** The face, still, for 2 s (looped by Chromium: a face for as long as the camera runs). */
export function faceVideo(dir: string): string {
  const file = path.join(dir, 'face.y4m');
  ffmpeg([
    ...['-loop', '1', '-i', FACE_IMAGE],
    ...['-vf', `${FACE_CROP},scale=640:480,format=yuv420p`, '-t', '2', '-r', '10', file],
  ]);
  return file;
}

/**
 * The face for `faceSeconds`, then an empty room for `emptySeconds` (small and at 5 fps: two
 * minutes of 640×480 would be hundreds of megabytes).
 */
export function faceThenEmptyVideo(dir: string, faceSeconds: number, emptySeconds: number) {
  const file = path.join(dir, 'face-then-empty.y4m');
  ffmpeg([
    ...['-loop', '1', '-t', String(faceSeconds), '-framerate', '5', '-i', FACE_IMAGE],
    ...['-f', 'lavfi', '-t', String(emptySeconds), '-i', `${EMPTY_ROOM}:s=320x240:r=5`],
    '-filter_complex',
    `[0:v]${FACE_CROP},scale=320:240,fps=5,format=yuv420p,setsar=1[face];` +
      '[1:v]format=yuv420p,setsar=1[empty];[face][empty]concat=n=2:v=1[out]',
    ...['-map', '[out]', '-r', '5', file],
  ]);
  return file;
}

/** Chromium whose camera plays `video`, with the camera permission granted. */
export function launchCameraBrowser(video: string): Promise<Browser> {
  return launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}

/** A context signed in as `user` (token in local storage and in the HttpOnly cookie). */
export async function signedInContext(
  browser: Browser,
  user: string | { username: string; password: string },
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; token: string }> {
  const baseURL = inject('baseURL');
  const token =
    typeof user === 'string'
      ? await apiSignIn(user)
      : await apiSignIn(user.username, user.password);
  const context = await browser.newContext({
    baseURL,
    ...options,
    storageState: {
      cookies: [
        {
          name: 'token',
          value: token,
          domain: new URL(baseURL).hostname,
          path: '/',
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [{ origin: baseURL, localStorage: [{ name: 'token', value: token }] }],
    },
  });
  return { context, token };
}
