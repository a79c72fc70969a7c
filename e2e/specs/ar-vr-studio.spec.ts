import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/axe.ts';
import { saveScreenshot } from '../support/browser.ts';
import {
  freshLearner,
  openPlayerFile,
  publishAndEnrol,
  type TrainerCourse,
  trainerCourse,
} from '../support/content-player.ts';
import { PHONE, useBrowser } from '../support/pages.ts';
import { uniqueTag } from '../support/people.ts';
import { rgbPng } from '../support/png.ts';

/*
 * The AR/VR studio (issue 24): a trainer uploads a glTF model and a 360° image, places two
 * hotspots on each with the keyboard-usable "add at the current view" (headless Chromium may
 * have no WebGL: the viewer then says so and the button still works), attaches both scenes to a
 * course module from the course editor; a learner completes each item by opening both hotspots.
 */

const { signedInPage } = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' as const };

/** A tiny valid glTF 2.0 binary: one triangle, its vertices in the BIN chunk. */
function triangleGlb(): Buffer {
  const bin = Buffer.alloc(36);
  for (const [i, v] of [0, 0, 0, 1, 0, 0, 0, 1, 0].entries()) bin.writeFloatLE(v, i * 4);
  let json = Buffer.from(
    JSON.stringify({
      asset: { version: '2.0' },
      scene: 0,
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      accessors: [
        {
          bufferView: 0,
          componentType: 5126,
          count: 3,
          type: 'VEC3',
          min: [0, 0, 0],
          max: [1, 1, 0],
        },
      ],
      bufferViews: [{ buffer: 0, byteLength: 36 }],
      buffers: [{ byteLength: 36 }],
    }),
  );
  if (json.length % 4) json = Buffer.concat([json, Buffer.alloc(4 - (json.length % 4), 0x20)]);
  const chunk = (length: number, type: number) => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(length, 0);
    h.writeUInt32LE(type, 4);
    return h;
  };
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length + 8 + bin.length, 8);
  return Buffer.concat([header, chunk(json.length, 0x4e4f534a), json, chunk(36, 0x004e4942), bin]);
}

const tag = uniqueTag();
const MODEL = `Pump ${tag}`;
const PANORAMA = `Deck ${tag}`;
let course: TrainerCourse;
let learner: Awaited<ReturnType<typeof freshLearner>>;

beforeAll(async () => {
  course = await trainerCourse('AR/VR course');
  learner = await freshLearner();
});

async function uploadScene(
  page: Page,
  title: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByRole('button', { name: 'Upload a scene' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a scene' });
  await dialog.locator('input[aria-label="Choose a file"]').setInputFiles(file);
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  // The editor of the new scene opens.
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 30_000 });
}

async function addHotspot(page: Page, title: string, text: string) {
  await page.getByRole('button', { name: 'Add hotspot at the current view' }).click();
  const dialog = page.getByRole('dialog', { name: 'New hotspot' });
  await dialog.getByRole('textbox', { name: 'Hotspot title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Text shown to learners' }).fill(text);
  await dialog.getByRole('button', { name: 'Save hotspot' }).click();
  await page
    .getByRole('list', { name: 'Hotspots of this scene' })
    .getByText(new RegExp(`\\d\\. ${title}$`))
    .waitFor();
}

describe('AR/VR studio', () => {
  it('a learner gets an explanation instead of the studio', async () => {
    const { page } = await signedInPage(learner, DESKTOP);
    await page.goto('/ar-vr-studio');
    await page.getByRole('heading', { name: 'The AR/VR studio is for course authors' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upload a scene' }).count()).toBe(0);
  });

  it('a trainer uploads a model and a 360° image, places hotspots and adds both to a course', async () => {
    const { page } = await signedInPage('trainer', DESKTOP);
    // The course editor's content area links to the studio.
    await page.goto(`/courses/module/${course.moduleId}`);
    await page.getByRole('link', { name: 'Make a 3D or 360° scene in the AR/VR studio' }).click();
    await page.getByRole('heading', { level: 1, name: 'AR/VR studio' }).waitFor();

    await uploadScene(page, MODEL, {
      name: 'pump.glb',
      mimeType: 'model/gltf-binary',
      buffer: triangleGlb(),
    });
    await addHotspot(page, 'Inlet', 'Water comes in here.');
    await addHotspot(page, 'Outlet', 'And leaves here.');
    await saveScreenshot(page, 'ar-vr-studio-model', { fullPage: true });

    await page.getByRole('link', { name: 'All scenes' }).click();
    const wide = rgbPng(256, 128, (x, y) => [x % 256, y * 2, 160]);
    await uploadScene(page, PANORAMA, { name: 'deck.png', mimeType: 'image/png', buffer: wide });
    await addHotspot(page, 'Bridge', 'The captain steers from here.');
    await addHotspot(page, 'Stern', 'The back of the ship.');
    await saveScreenshot(page, 'ar-vr-studio-panorama', { fullPage: true });

    // A square image is refused with the server's reason.
    await page.getByRole('link', { name: 'All scenes' }).click();
    await page.getByRole('button', { name: 'Upload a scene' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a scene' });
    await dialog.locator('input[aria-label="Choose a file"]').setInputFiles({
      name: 'square.png',
      mimeType: 'image/png',
      buffer: rgbPng(64, 64, () => [9, 9, 9]),
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText(/equirectangular.*64×64/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The course editor attaches the scenes from the repository, like any file.
    await page.goto(`/courses/module/${course.moduleId}`);
    for (const title of [MODEL, PANORAMA]) {
      await page.getByRole('button', { name: 'Attach from repository' }).click();
      const picker = page.getByRole('dialog', { name: 'Attach a file from the repository' });
      await picker.getByRole('searchbox', { name: 'Search by name' }).fill(title);
      await picker.getByRole('button', { name: new RegExp(title) }).click();
      await picker.getByRole('button', { name: 'Attach' }).click();
      await page.getByRole('list', { name: 'Module files in order' }).getByText(title).waitFor();
    }
    await publishAndEnrol(course.courseId, learner.id);
  });

  it('the library and the editor work on a phone in dark mode, without serious axe findings', async () => {
    const { page } = await signedInPage('trainer', {
      ...PHONE,
      colorScheme: 'dark',
      bypassCSP: true,
    });
    await page.goto('/ar-vr-studio');
    await page.getByRole('list', { name: 'Scenes' }).getByText(PANORAMA).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'ar-vr-studio-phone-dark', { fullPage: false });
    await page.getByRole('link', { name: new RegExp(PANORAMA) }).click();
    await page.getByRole('heading', { level: 1, name: PANORAMA }).waitFor();
    await page
      .getByRole('list', { name: 'Hotspots of this scene' })
      .getByText('1. Bridge')
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'ar-vr-editor-phone-dark', { fullPage: true });
  });

  it('a learner completes each scene by visiting both hotspots', async () => {
    const { page } = await signedInPage(learner, DESKTOP);
    await page.goto(`/course-module/${course.courseId}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    for (const [title, spots] of [
      [MODEL, ['Inlet', 'Outlet']],
      [PANORAMA, ['Bridge', 'Stern']],
    ] as const) {
      await openPlayerFile(page, title);
      await page.getByText('0 of 2 visited').waitFor();
      expect(await page.getByText('Completes when every hotspot has been visited.').count()).toBe(
        1,
      );
      const list = page.getByRole('list', { name: 'Hotspots of this scene' });
      await list.getByRole('button', { name: new RegExp(`1\\. ${spots[0]}`) }).click();
      await page.getByText('1 of 2 visited').waitFor();
      await page.getByRole('region', { name: `Hotspot: ${spots[0]}` }).waitFor();
      // Not complete after one of two.
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /^Completed$/ })
          .count(),
      ).toBe(0);
      await list.getByRole('button', { name: new RegExp(`2\\. ${spots[1]}`) }).click();
      await page.getByText('2 of 2 visited').waitFor();
      await page.getByText('Every hotspot visited: this item is complete.').waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: /^Completed$/ })
        .waitFor();
    }
    await saveScreenshot(page, 'ar-vr-player-completed', { fullPage: true });
  });
});
