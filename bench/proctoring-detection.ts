/**
 * Proctoring detection in headless Chromium on this machine (issue 17): how long the detector
 * takes a frame, and whether typing on a page slows down while it runs.
 *
 *   npm run build -w @atrium/web && npx tsx bench/proctoring-detection.ts
 *
 * Serves apps/web/dist itself (with Atrium's CSP) rather than starting Atrium: only the browser
 * is measured. The camera is Chromium's fake one playing a face (an image shipped inside
 * @vladmandic/human). Not part of `npm test`. FRAMES (default 50) and PRESSES (default 100) set
 * the sample sizes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The e2e workspace's dependency, hoisted to the root node_modules.
import { chromium, type Page } from 'playwright-core';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const DIST = path.join(ROOT, 'apps/web/dist');
const FRAMES = Number(process.env.FRAMES ?? 50);
const PRESSES = Number(process.env.PRESSES ?? 100);
/** Atrium's policy (apps/server/src/app.ts) minus the per-request parts. */
const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "media-src 'self' blob:;connect-src 'self';object-src 'none';base-uri 'self'";
const PAGE = '<!doctype html><title>bench</title><input id="field" autofocus>';
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json' };

function serveDist(): Promise<{ url: string; close: () => void }> {
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const file = path.join(DIST, pathname);
    response.setHeader('content-security-policy', CSP);
    if (pathname === '/' || !file.startsWith(DIST) || !existsSync(file)) {
      response.setHeader('content-type', 'text/html');
      response.end(PAGE);
      return;
    }
    response.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    response.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

function faceVideo(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'atrium-bench-')), 'face.y4m');
  const image = path.join(ROOT, 'node_modules/@vladmandic/human/assets/screenshot-faceid.jpg');
  execFileSync('/usr/bin/ffmpeg', [
    ...['-loglevel', 'error', '-loop', '1', '-i', image],
    ...['-vf', 'crop=224:168:0:132,scale=640:480,format=yuv420p', '-t', '2', '-r', '10', file],
  ]);
  return file;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const summary = (values: number[]) =>
  values.length === 0
    ? 'no samples'
    : `median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms (n=${values.length})`;

/**
 * Presses keys in the field through CDP (Playwright's keyboard) and returns, per press, the time
 * from the keydown event to the next animation frame: what a learner waits to see a letter.
 */
async function typingLatency(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { latencies: number[]; listening?: boolean };
    w.latencies = [];
    if (w.listening) return;
    w.listening = true;
    document.getElementById('field')?.addEventListener('keydown', (event) => {
      requestAnimationFrame(() => w.latencies.push(performance.now() - event.timeStamp));
    });
  });
  await page.focus('#field');
  for (let i = 0; i < PRESSES; i++) {
    await page.keyboard.press('a');
    await page.waitForTimeout(100);
  }
  return page.evaluate(() => (window as unknown as { latencies: number[] }).latencies);
}

async function main() {
  const entry = readdirSync(path.join(DIST, 'assets')).find((f) =>
    f.startsWith('proctoring-detection-'),
  );
  if (!entry) throw new Error('No proctoring-detection chunk: run `npm run build -w @atrium/web`.');
  const server = await serveDist();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // As the e2e suite launches it (e2e/support/browser.ts), plus the fake camera.
    args: [
      ...['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
      ...['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
      `--use-file-for-fake-video-capture=${faceVideo()}`,
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    const idle = await typingLatency(page);

    await page.evaluate(
      `import('${server.url}/assets/${entry}').then((m) => { window.detection = m; })`,
    );
    const loaded = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: the chunk loaded above, untyped in the page.
      const w = window as any;
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { width: 640, height: 480 },
      });
      const video = document.createElement('video');
      video.muted = true;
      video.srcObject = stream;
      await video.play();
      const started = performance.now();
      w.detector = w.detection.createDetector();
      await w.detector.ready;
      w.results = [];
      w.detector.onResult((result: unknown) => w.results.push(result));
      w.detector.start(video, 2);
      return { backend: w.detector.backend as string, loadMs: performance.now() - started };
    });
    // The first frame compiles the face models: wait for it before measuring typing.
    await page.waitForFunction(
      () => (window as unknown as { results: unknown[] }).results.length > 0,
      null,
      {
        timeout: 120_000,
      },
    );
    const busy = await typingLatency(page);
    await page.waitForFunction(
      (n) => (window as unknown as { results: unknown[] }).results.length > n,
      FRAMES,
      {
        timeout: 30 * 60_000,
        polling: 1000,
      },
    );
    const results = await page.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: set up above.
      const w = window as any;
      w.detector.dispose();
      return w.results as { durationMs: number; phone: boolean | null }[];
    });
    const frames = results.slice(1); // without the first, compiling frame
    const faceOnly = frames.filter((r) => r.phone === null).map((r) => r.durationMs);
    const withObjects = frames.filter((r) => r.phone !== null).map((r) => r.durationMs);

    console.log(`Chromium ${browser.version()}, headless; backend: ${loaded.backend}`);
    console.log(`models loaded and warmed up in ${(loaded.loadMs / 1000).toFixed(1)} s`);
    console.log(`first frame (compiles the face models): ${results[0]?.durationMs.toFixed(0)} ms`);
    console.log(`detection per frame, all:           ${summary(frames.map((r) => r.durationMs))}`);
    console.log(`  face models only:                 ${summary(faceOnly)}`);
    console.log(`  with the object model:            ${summary(withObjects)}`);
    console.log(`keydown to next frame, no detection: ${summary(idle)}`);
    console.log(`keydown to next frame, detecting:    ${summary(busy)}`);
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
