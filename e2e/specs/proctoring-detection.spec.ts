import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { REPO_ROOT, WEB_DIR } from '../support/paths.ts';

/**
 * Proctoring's detection layer (issue 17) in Chromium with a fake camera: the real build served
 * by Atrium (the detection chunk, its worker, the models under /proctoring/models/) under
 * Atrium's CSP, and no request to any other origin. It tests the layer on its own (the screens
 * are proctoring.spec.ts's), so it loads the detection entry chunk into an Atrium page itself.
 */

const baseURL = inject('baseURL');
/** An image of a face that ships inside the installed @vladmandic/human. */
const FACE_IMAGE = path.join(
  REPO_ROOT,
  'node_modules/@vladmandic/human/assets/screenshot-faceid.jpg',
);
const MODELS = ['blazeface', 'facemesh', 'iris', 'centernet'];

let videos: { face: string; empty: string };
/** JPEG stills for the face match, base64 (the page decodes them: CSP refuses data: fetches). */
let stills: { face: string; reframed: string; blank: string };
let browser: Browser | undefined;

/** A Y4M file (what Chromium's fake camera plays, looped) of 2 s at 10 fps, 640×480. */
function y4m(file: string, input: string[], filter: string): string {
  execFileSync('/usr/bin/ffmpeg', [
    ...['-loglevel', 'error', '-y', ...input],
    ...['-vf', `${filter},format=yuv420p`, '-t', '2', '-r', '10', file],
  ]);
  return file;
}

beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-proctoring-'));
  videos = {
    // The face in the screenshot's left panel, cropped and scaled to fill a webcam frame.
    face: y4m(
      path.join(dir, 'face.y4m'),
      ['-loop', '1', '-i', FACE_IMAGE],
      'crop=224:168:0:132,scale=640:480',
    ),
    empty: y4m(
      path.join(dir, 'empty.y4m'),
      ['-f', 'lavfi', '-i', 'color=c=0x6a8caf:s=640x480:r=10'],
      'null',
    ),
  };
  const jpeg = (file: string, input: string[], filter: string) => {
    execFileSync('/usr/bin/ffmpeg', ['-loglevel', 'error', '-y', ...input, '-vf', filter, file]);
    return readFileSync(file).toString('base64');
  };
  stills = {
    face: jpeg(path.join(dir, 'face.jpg'), ['-i', FACE_IMAGE], 'crop=224:168:0:132,scale=640:480'),
    // The same face framed tighter and smaller: a second photo of the same person.
    reframed: jpeg(
      path.join(dir, 'reframed.jpg'),
      ['-i', FACE_IMAGE],
      'crop=190:142:17:145,scale=320:240',
    ),
    blank: jpeg(
      path.join(dir, 'blank.jpg'),
      ['-f', 'lavfi', '-i', 'color=c=0x6a8caf:s=640x480', '-frames:v', '1'],
      'null',
    ),
  };
});

afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

interface Watch {
  backend: string | undefined;
  results: { at: number; faces: number; durationMs: number }[];
  flags: { type: string }[];
  errors: string[];
}

/**
 * Watch for 10 s from the first result (the first frame also compiles the face models) and
 * at least two more results, or until a no_face flag.
 */
type Until = '10 s of results' | 'no_face flag';

/**
 * Opens an Atrium page in a browser whose camera plays `video` and loads the shipped detection
 * chunk into it (as `window.detection`), noting every request and console error.
 */
async function openCameraPage(video: string) {
  browser = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const requests: string[] = [];
  const models: string[] = [];
  const consoleErrors: string[] = [];
  // The context sees the worker's requests too.
  context.on('request', (request) => requests.push(request.url()));
  context.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/proctoring/models/')) models.push(`${pathname} ${response.status()}`);
  });
  const noteErrors = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  };
  page.on('console', noteErrors);
  page.on('worker', (worker) => worker.on('console', noteErrors));

  // Any path of the app serves index.html, with the CSP every page of Atrium gets.
  await page.goto('/proctoring-detection-check');
  const entry = readdirSync(path.join(WEB_DIR, 'dist/assets')).find((file) =>
    /^proctoring-detection-.*\.js$/.test(file),
  );
  expect(entry, 'the build has the proctoring-detection chunk').toBeDefined();
  // A string, not a function: vitest would rewrite a dynamic import() in this file for Node.
  await page.evaluate(
    `import(${JSON.stringify(`${baseURL}/assets/${entry}`)}).then((m) => { window.detection = m; })`,
  );
  return { page, requests, models, consoleErrors };
}

/** Runs the detector and the signals on the camera until `until` (or `timeoutMs` passes). */
function watchCamera(page: Page, until: Until, timeoutMs: number): Promise<Watch> {
  return page.evaluate(
    async ({ until, timeoutMs }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the chunk loaded above, untyped in the page.
      const detection = (window as any).detection;
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { width: 640, height: 480 },
      });
      const video = document.createElement('video');
      video.muted = true;
      video.srcObject = stream;
      await video.play();

      const detector = detection.createDetector();
      const signals = detection.createSignals();
      const watch: Watch = { backend: undefined, results: [], flags: [], errors: [] };
      let firstResultAt = Number.POSITIVE_INFINITY;
      detector.onError((error: Error) => watch.errors.push(error.message));
      signals.onFlag((flag: { type: string }) => watch.flags.push(flag));
      await detector.ready;
      watch.backend = detector.backend;
      detector.onResult((result: Watch['results'][number]) => {
        firstResultAt = Math.min(firstResultAt, Date.now());
        watch.results.push(result);
        signals.pushDetection(result);
      });
      detector.start(video, 2);
      // Inside the page, so no closure from the spec: the CSP refuses eval too.
      const done = (seen: Watch) =>
        until === 'no_face flag'
          ? seen.flags.some((flag) => flag.type === 'no_face')
          : seen.results.length >= 3 && Date.now() - firstResultAt > 10_000;
      const deadline = Date.now() + timeoutMs;
      while (!done(watch) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      detector.dispose();
      for (const track of stream.getTracks()) track.stop();
      return watch;
    },
    { until, timeoutMs },
  );
}

/** Every http(s) request went to Atrium itself: no CDN, no model hub. */
function expectOnlyAtrium(requests: string[]) {
  const foreign = requests.filter((url) => /^https?:/.test(url) && new URL(url).origin !== baseURL);
  expect(foreign).toEqual([]);
}

describe('proctoring detection in the browser (issue 17)', () => {
  it('finds the face on camera and raises no no_face flag over 10 s', async () => {
    const { page, requests, models, consoleErrors } = await openCameraPage(videos.face);
    const watch = await watchCamera(page, '10 s of results', 100_000);
    console.log(
      `[proctoring] backend ${watch.backend}, ${watch.results.length} results, ms per frame:`,
      watch.results.map((result) => result.durationMs).join(' '),
    );
    expect(watch.errors).toEqual([]);
    expect(watch.results.length).toBeGreaterThanOrEqual(3);
    expect(watch.results.every((result) => result.faces >= 1)).toBe(true);
    expect(watch.flags.map((flag) => flag.type)).not.toContain('no_face');
    expect(models.sort()).toEqual(
      MODELS.flatMap((name) => [
        `/proctoring/models/${name}.bin 200`,
        `/proctoring/models/${name}.json 200`,
      ]).sort(),
    );
    // faceres (the identity match's ~7 MB model) is never fetched by plain detection.
    expect(models.filter((model) => model.includes('faceres'))).toEqual([]);
    expectOnlyAtrium(requests);
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  }, 150_000);

  it('matches a face with itself and reframed, and finds none in a blank photo', async () => {
    const { page, requests, models, consoleErrors } = await openCameraPage(videos.empty);
    const matched = await page.evaluate(async (stills) => {
      // biome-ignore lint/suspicious/noExplicitAny: the chunk loaded above, untyped in the page.
      const detection = (window as any).detection;
      const bitmap = (base64: string) =>
        createImageBitmap(
          new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' }),
        );
      // Each match transfers (and so uses up) its bitmaps.
      const same = await detection.matchFaces(await bitmap(stills.face), await bitmap(stills.face));
      const blank = await detection.matchFaces(
        await bitmap(stills.face),
        await bitmap(stills.blank),
      );
      const reframed = await detection.matchFaces(
        await bitmap(stills.face),
        await bitmap(stills.reframed),
      );
      return { same, reframed, blank };
    }, stills);
    console.log(
      `[proctoring] face match: self ${matched.same}, reframed ${matched.reframed}, blank ${matched.blank}`,
    );
    expect(matched.same).toBeGreaterThan(0.8);
    expect(matched.reframed).toBeGreaterThan(0.8);
    expect(matched.blank).toBeNull();
    expect(models).toContain('/proctoring/models/faceres.bin 200');
    expectOnlyAtrium(requests);
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  }, 150_000);

  it('raises a no_face flag when nobody is in front of the camera', async () => {
    const { page, requests, consoleErrors } = await openCameraPage(videos.empty);
    const watch = await watchCamera(page, 'no_face flag', 100_000);
    expect(watch.errors).toEqual([]);
    expect(watch.results.every((result) => result.faces === 0)).toBe(true);
    expect(watch.flags.map((flag) => flag.type)).toContain('no_face');
    expectOnlyAtrium(requests);
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  }, 150_000);

  it('keeps evidence on the device: a WebM clip around the flag and a JPEG still', async () => {
    const { page, requests } = await openCameraPage(videos.face);
    const evidence = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: the chunk loaded above, untyped in the page.
      const detection = (window as any).detection;
      const stream = await navigator.mediaDevices.getUserMedia({ video: true });
      const recorder = detection.createEvidenceRecorder(stream, {
        before: 1000,
        after: 1000,
        segmentMs: 2000,
      });
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const flagAt = Date.now();
      const { clip, still, from, to } = await recorder.captureAround(flagAt);
      recorder.dispose();
      // The clip must play on its own: a cut without the WebM header would not load.
      const player = document.createElement('video');
      player.src = URL.createObjectURL(clip);
      const playable = await new Promise((resolve) => {
        player.onloadedmetadata = () => resolve(player.videoWidth > 0);
        player.onerror = () => resolve(false);
      });
      return {
        clip: { type: clip.type, size: clip.size, playable },
        still: { type: still.type, size: still.size },
        before: flagAt - from,
        after: to - flagAt,
      };
    });
    expect(evidence.clip).toMatchObject({ playable: true });
    expect(evidence.clip.type).toMatch(/^video\/webm/);
    expect(evidence.clip.size).toBeGreaterThan(1000);
    expect(evidence.still.type).toBe('image/jpeg');
    expect(evidence.still.size).toBeGreaterThan(1000);
    expect(evidence.before).toBeGreaterThanOrEqual(1000);
    expect(evidence.after).toBeGreaterThanOrEqual(900);
    expectOnlyAtrium(requests);
  }, 60_000);
});
