import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import yazl from 'yazl';
import { apiSignIn } from '../support/accounts.ts';
import { saveScreenshot } from '../support/browser.ts';
import {
  call,
  freshLearner,
  openPlayerFile,
  percent,
  publishAndEnrol,
  trainerCourse,
} from '../support/content-player.ts';
import { useBrowser } from '../support/pages.ts';
import { userIdOf } from '../support/people.ts';

/**
 * Issue 11, finding 1, as the attacker would try it: a trainer uploads a SCORM package whose page
 * tries to take over whoever opens it — read the token, call the API with the viewer's
 * credentials (make the trainer an admin), reach the player's page, navigate the top frame — and
 * an admin and a learner open it. Everything must fail, while the package's own SCORM calls still
 * reach the run-time through the player's bridge and are tracked.
 */
const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' as const };

const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="hostile" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Hostile</title>
    <item identifier="item" identifierref="res"><title>Innocent lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="index.html">
    <file href="index.html"/><file href="evil.svg"/></resource></resources>
</manifest>`;

/** The package's page: every attack, each outcome written into the page for the test to read. */
function hostilePage(app: string, trainerId: number) {
  const script = `
const APP = ${JSON.stringify(app)};
const out = {};
const settle = (key, promise) => promise.then((v) => { out[key] = v; }, (e) => { out[key] = 'blocked:' + e.name; });
const attempt = (key, fn) => { try { out[key] = String(fn()); } catch (e) { out[key] = 'blocked:' + e.name; } };
const csrf = (/(?:^|; )csrftoken=([^;]*)/.exec(document.cookie) || [])[1] || '';
attempt('ownStorageToken', () => localStorage.getItem('token'));
attempt('cookies', () => document.cookie);
attempt('playerStorageToken', () => window.top.localStorage.getItem('token'));
attempt('playerCookies', () => window.top.document.cookie);
attempt('playerApi', () => typeof window.top.API_1484_11 + '/' + typeof window.top.API);
// The run-time is found as SCOs find it: up through window.parent (the launcher).
let api = window; while (api && !api.API && api !== api.parent) api = api.parent;
api = api && api.API;
out.apiFound = Boolean(api);
const jobs = [
  settle('readMe', fetch(APP + '/api/v1/me/', { credentials: 'include' }).then((r) => r.text())),
  settle('promote', fetch(APP + '/api/v1/accounts/user-action/${trainerId}/', {
    method: 'PATCH', credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrf },
    body: JSON.stringify({ action: 'change_role', role: 2 }),
  }).then((r) => 'status:' + r.status)),
  settle('simplePost', fetch(APP + '/api/v1/auth/token/logout/', {
    method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' }, body: 'x',
  }).then((r) => 'sent:' + r.type)),
  new Promise((resolve) => {
    // Talk to the player's bridge directly, from the package's own window: not its frame.
    const id = 'evil-' + Math.random();
    out.bridgeDirect = 'no answer';
    addEventListener('message', (e) => { if (e.data && e.data.messageId === id) { out.bridgeDirect = JSON.stringify(e.data); } });
    window.top.postMessage({ messageId: id, method: 'LMSSetValue', params: ['cmi.core.lesson_status', 'passed'] }, '*');
    setTimeout(resolve, 2000);
  }),
  new Promise((resolve) => {
    // Through the launcher's client, ask for something other than SCORM's own methods.
    if (!api) return resolve();
    api.loadFromJSON({ core: { lesson_status: 'passed' } });
    setTimeout(() => { out.bridgeMethod = String(api._cache.get('error_101')); resolve(); }, 2000);
  }),
  new Promise((resolve) => {
    addEventListener('message', (e) => { if (e.data && e.data.svg) { out.svg = e.data.svg; resolve(); } });
    const f = document.createElement('iframe'); f.src = 'evil.svg'; document.body.appendChild(f);
    setTimeout(resolve, 3000);
  }),
];
attempt('topNavigation', () => { window.top.location.href = APP + '/hijacked'; return 'no error'; });
// The package's legitimate work, which must still be tracked.
if (api) {
  api.LMSInitialize('');
  api.LMSSetValue('cmi.core.lesson_status', 'completed');
  api.LMSCommit('');
}
Promise.all(jobs).then(() => {
  document.body.dataset.results = JSON.stringify(out);
  document.getElementById('state').textContent = 'done';
});`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Lesson</title></head>
<body><h1>Innocent lesson</h1><p id="state">working</p><script>${script}</script></body></html>`;
}

const evilSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>
let r; try { r = String(window.top.localStorage.getItem('token')); } catch (e) { r = 'blocked:' + e.name; }
window.parent.postMessage({ svg: r }, '*');
</script></svg>`;

function zip(files: Record<string, string>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) z.addBuffer(Buffer.from(content), name);
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('error', reject);
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Opens the package in the player and returns what its page found. */
async function openAndRead(page: Page, courseId: number, title: string) {
  await page.goto(`/course-module/${courseId}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await openPlayerFile(page, 'hostile.zip');
  const player = await page.locator('iframe[title="Innocent lesson"]').elementHandle();
  const launcher = await player?.contentFrame();
  const inner = await (await launcher?.locator('iframe').elementHandle())?.contentFrame();
  if (!inner) throw new Error('The package did not load');
  await inner.locator('#state', { hasText: 'done' }).waitFor({ timeout: 20_000 });
  const results = JSON.parse(
    (await inner.locator('body').getAttribute('data-results')) ?? '{}',
  ) as Record<string, string | boolean>;
  return { results, inner: inner as Frame };
}

function expectEveryAttackFailed(results: Record<string, string | boolean>) {
  // The content origin has storage of its own; the app's is out of reach.
  expect(results.ownStorageToken).toBe('null');
  expect(String(results.cookies)).not.toMatch(/(^|; )token=/);
  expect(results.playerStorageToken).toBe('blocked:SecurityError');
  expect(results.playerCookies).toBe('blocked:SecurityError');
  expect(results.playerApi).toBe('blocked:SecurityError');
  expect(results.svg).toBe('blocked:SecurityError');
  // The package's policy lets it connect to its own origin only: no request to the app leaves.
  expect(results.readMe).toBe('blocked:TypeError');
  expect(results.promote).toBe('blocked:TypeError');
  expect(results.simplePost).toBe('blocked:TypeError');
  // The bridge hears only the player's own frame, and answers SCORM's own methods only.
  expect(results.bridgeDirect).toBe('no answer');
  expect(results.bridgeMethod).toBe('Method not allowed: loadFromJSON');
  expect(results.topNavigation).not.toBe('no error');
  expect(results.apiFound).toBe(true);
}

describe('a hostile SCORM package', () => {
  const baseURL = inject('baseURL');
  let courseId: number;
  let title: string;
  let trainerId: number;
  let learner: Awaited<ReturnType<typeof freshLearner>>;

  beforeAll(async () => {
    const trainer = await apiSignIn('trainer');
    trainerId = await userIdOf(trainer);
    const course = await trainerCourse('Hostile package');
    courseId = course.courseId;
    title = course.title;
    const form = new FormData();
    const content = await zip({
      'imsmanifest.xml': manifest,
      'index.html': hostilePage(baseURL, trainerId),
      'evil.svg': evilSvg,
    });
    form.append(
      'file',
      new Blob([new Uint8Array(content)], { type: 'application/zip' }),
      'hostile.zip',
    );
    const file = await call<{ id: number }>('POST', '/api/courses/file-repo/', trainer, form);
    await call('POST', `/api/courses/modules/${course.moduleId}/files/`, trainer, {
      file: file.id,
    });
    learner = await freshLearner();
    await publishAndEnrol(courseId, learner.id);
  });

  it('cannot take over the admin who previews it', async () => {
    const { page } = await signedInPage('admin', DESKTOP);
    const { results } = await openAndRead(page, courseId, title);
    expectEveryAttackFailed(results);
    // The player page is still the player; the trainer is still a trainer.
    expect(new URL(page.url()).pathname).toBe(`/course-module/${courseId}`);
    const me = await call<{ role: { id: number } }>(
      'GET',
      '/api/v1/me/',
      await apiSignIn('trainer'),
    );
    expect(me.role.id).toBe(3);
    await saveScreenshot(page, 'hostile-package-admin');
  });

  it("cannot use the learner's session, and its SCORM calls are still tracked", async () => {
    const { page } = await signedInPage(learner, DESKTOP);
    const { results } = await openAndRead(page, courseId, title);
    expectEveryAttackFailed(results);
    expect(new URL(page.url()).pathname).toBe(`/course-module/${courseId}`);
    // LMSSetValue + LMSCommit went through the bridge: the module file is complete.
    await expect.poll(() => percent(page).textContent(), { timeout: 15_000 }).toBe('100%');
    // And the learner is still signed in (the simple POST to sign-out carried no session).
    expect(
      (
        await call<{ id: number }>(
          'GET',
          '/api/v1/me/',
          await apiSignIn(learner.username, learner.password),
        )
      ).id,
    ).toBe(learner.id);
  });
});
