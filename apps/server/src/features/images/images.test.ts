import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES, IMAGE_MAX_SIDE, type TImage } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  makeOrganisationWithStaff,
  type SignedIn,
  type Staff,
  signedInLearner,
} from '../../../test/auth.ts';
import { storedFiles } from '../../../test/factories/catalogue.ts';
import { api, call, type FormParts } from '../../../test/http.ts';
import { images } from '../../schema/images.table.ts';
import { MULTI_UPLOADS_PER_MINUTE } from './images.routes.ts';

/*
 * The multipurpose image store: what an upload must be (raster bytes, within the size), what is
 * stored of it (re-encoded, capped, upright, without metadata), all-or-none multi uploads, and
 * who reads an image (its organisation's members only).
 */

let t: TestApp;
let acme: Staff;
let globex: Staff;
let http: ReturnType<typeof api>;
const ONE = '/api/images/';
const MULTI = '/api/images/multi/';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });

let PNG_WIDE: Buffer;
let JPEG_GPS: Buffer;
let WEBP: Buffer;
let GIF_ANIMATED: Buffer;
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  http = api(t);
  PNG_WIDE = await solid(3000, 1000).png().toBuffer();
  // A phone photo taken sideways: EXIF says "rotate 90°" and where it was taken.
  JPEG_GPS = await solid(400, 100)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'SpyCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .toBuffer();
  WEBP = await solid(50, 40).webp().toBuffer();
  const frames = await Promise.all(
    ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
      sharp({ create: { width: 30, height: 20, channels: 3, background } })
        .raw()
        .toBuffer(),
    ),
  );
  GIF_ANIMATED = await sharp(Buffer.concat(frames), {
    raw: { width: 30, height: 60, channels: 3, pageHeight: 20 },
  })
    .gif({ loop: 0 })
    .toBuffer();
}, 60_000);
afterAll(() => t.close());

const file = (content: Buffer, filename = 'photo.png', name = 'image') => ({
  name,
  filename,
  content,
  type: 'image/png',
});
const send = (url: string, who: SignedIn | null, form: FormParts) =>
  call(t.app, 'POST', url, { token: who?.token, form });

async function one(content: Buffer, who: SignedIn = acme.learner): Promise<TImage> {
  const res = await send(ONE, who, [file(content)]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const stored = async (image: TImage) => (await http.get(image.url, acme.learner.token)).rawPayload;
const imageRows = () => t.database.db.$count(images);

/** Runs `act` and checks it left no row and no file behind. */
async function leavesNothing(act: () => Promise<void>) {
  const rows = await imageRows();
  const files = storedFiles(t).sort();
  await act();
  expect(await imageRows()).toBe(rows);
  expect(storedFiles(t).sort()).toEqual(files);
}

describe('uploading one image', () => {
  it('re-encodes a png within IMAGE_MAX_SIDE and records who uploaded it where', async () => {
    const image = await one(PNG_WIDE);
    expect(image.url).toBe(`/api/images/${image.uuid}/`);
    expect([image.width, image.height]).toEqual([IMAGE_MAX_SIDE, Math.round(IMAGE_MAX_SIDE / 3)]);
    const bytes = await stored(image);
    expect(bytes.length).toBe(image.size);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', image.width, image.height]);
    const [row] = await t.database.db.select().from(images).where(eq(images.uuid, image.uuid));
    expect(row).toMatchObject({
      organisationId: acme.org.id,
      uploadedBy: acme.learner.user.id,
      mime: 'image/png',
    });
    expect(row!.storageKey).not.toContain('photo');
  });

  it('turns a jpeg upright by its EXIF orientation and keeps none of its metadata', async () => {
    const before = await sharp(JPEG_GPS).metadata();
    expect(before.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the upload...
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const image = await one(JPEG_GPS);
    expect([image.width, image.height]).toEqual([100, 400]);
    const after = await sharp(await stored(image)).metadata();
    // ...and no EXIF (GPS, camera, orientation), XMP or comment survives.
    expect(after).toMatchObject({ format: 'jpeg', width: 100, height: 400 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect((await stored(image)).includes('SpyCam')).toBe(false);
  });

  it('keeps webp as webp and an animated gif animated', async () => {
    const webp = await one(WEBP, acme.trainer);
    expect([webp.width, webp.height]).toEqual([50, 40]);
    expect((await sharp(await stored(webp)).metadata()).format).toBe('webp');

    const gif = await one(GIF_ANIMATED, acme.admin);
    expect([gif.width, gif.height]).toEqual([30, 20]);
    const meta = await sharp(await stored(gif), { animated: true }).metadata();
    expect([meta.format, meta.pages]).toEqual(['gif', 3]);
  });

  it('refuses SVG, HTML and polyglots by their bytes, whatever they are called (415)', async () => {
    // A PNG signature over HTML: sniffed as PNG, but no PNG decoder reads it.
    const fakePng = Buffer.concat([PNG_WIDE.subarray(0, 16), HTML]);
    await leavesNothing(async () => {
      for (const [content, filename] of [
        [SVG, 'drawing.svg'],
        [SVG, 'drawing.png'],
        [HTML, 'page.png'],
        [fakePng, 'fake.png'],
        [Buffer.from('GIF89a<script>alert(1)</script>'), 'fake.gif'],
        [Buffer.from('just text'), 'notes.jpg'],
      ] as const) {
        const res = await send(ONE, acme.learner, [file(content, filename)]);
        expect(res.statusCode, filename).toBe(415);
        expect(res.json()).toEqual({
          message: expect.any(String),
          errors: { image: [expect.any(String)] },
        });
      }
    });
  });

  it('stores only the pixels of an image with a script appended', async () => {
    const polyglot = Buffer.concat([await solid(20, 20).png().toBuffer(), HTML]);
    const bytes = await stored(await one(polyglot));
    expect(bytes.includes('<script')).toBe(false);
  });

  it('refuses an upload over IMAGE_MAX_BYTES (413) and an image of too many pixels', async () => {
    const huge = Buffer.concat([PNG_WIDE, Buffer.alloc(IMAGE_MAX_BYTES + 1 - PNG_WIDE.length)]);
    // A small jpeg whose header claims 60000×60000 pixels: refused before it is decoded.
    const bomb = await solid(16, 16).jpeg().toBuffer();
    const sof = bomb.indexOf(Buffer.from([0xff, 0xc0]));
    bomb.writeUInt16BE(60000, sof + 5);
    bomb.writeUInt16BE(60000, sof + 7);
    await leavesNothing(async () => {
      const res = await send(ONE, acme.learner, [file(huge)]);
      expect(res.statusCode).toBe(413);
      expect(res.json().errors.image).toEqual([expect.stringContaining('10 MB')]);
      expect((await send(ONE, acme.learner, [file(bomb, 'bomb.jpg')])).statusCode).toBe(413);
    });
  });

  it('wants exactly one file, as `image`, from someone signed in', async () => {
    await leavesNothing(async () => {
      const none = await send(ONE, acme.learner, [{ name: 'caption', value: 'Hello' }]);
      expect(none.statusCode).toBe(400);
      expect(none.json().errors).toEqual({ image: ['Choose an image to upload.'] });
      const wrong = await send(ONE, acme.learner, [file(WEBP, 'a.webp', 'file')]);
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json().errors)).toEqual(['file']);
      const two = await send(ONE, acme.learner, [file(WEBP), file(WEBP)]);
      expect(two.statusCode).toBe(400);
      expect((await send(ONE, null, [file(WEBP)])).statusCode).toBe(401);
      const json = await call(t.app, 'POST', ONE, { token: acme.learner.token, body: {} });
      expect(json.statusCode).toBe(400);
    });
  });
});

describe('uploading several images', () => {
  it('stores each, in order, re-encoded', async () => {
    const who = await signedInLearner(t, acme.org.id);
    const res = await send(MULTI, who, [
      file(PNG_WIDE, 'a.png', 'images'),
      file(JPEG_GPS, 'b.jpg', 'images'),
      file(WEBP, 'c.webp', 'images'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const list: TImage[] = res.json();
    expect(list.map((i) => [i.width, i.height])).toEqual([
      [IMAGE_MAX_SIDE, Math.round(IMAGE_MAX_SIDE / 3)],
      [100, 400],
      [50, 40],
    ]);
    const formats = await Promise.all(
      list.map(async (i) => (await sharp(await stored(i)).metadata()).format),
    );
    expect(formats).toEqual(['png', 'jpeg', 'webp']);
    expect((await sharp(await stored(list[1]!)).metadata()).exif).toBeUndefined();
  });

  it('stores none when one of them is refused, and names the one', async () => {
    const who = await signedInLearner(t, acme.org.id);
    await leavesNothing(async () => {
      const res = await send(MULTI, who, [
        file(PNG_WIDE, 'a.png', 'images'),
        file(SVG, 'evil.svg', 'images'),
        file(WEBP, 'c.webp', 'images'),
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json().errors.images).toEqual([expect.stringMatching(/^evil\.svg: /)]);
      const big = Buffer.alloc(IMAGE_MAX_BYTES + 1);
      const late = await send(MULTI, who, [
        file(WEBP, 'a.webp', 'images'),
        file(big, 'big.png', 'images'),
      ]);
      expect(late.statusCode).toBe(413);
    });
  });

  it(`takes at most ${IMAGE_MAX_FILES} images, as \`images\``, async () => {
    const who = await signedInLearner(t, acme.org.id);
    await leavesNothing(async () => {
      const many = Array.from({ length: IMAGE_MAX_FILES + 1 }, (_, i) =>
        file(WEBP, `${i}.webp`, 'images'),
      );
      const res = await send(MULTI, who, many);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.images).toEqual([`Send at most ${IMAGE_MAX_FILES} images at once.`]);
      expect((await send(MULTI, who, [file(WEBP)])).statusCode).toBe(400);
      expect((await send(MULTI, who, [])).statusCode).toBe(400);
    });
  });

  it('limits uploads per user (429 in the usual shape)', async () => {
    const who = await signedInLearner(t, acme.org.id);
    for (let i = 0; i < MULTI_UPLOADS_PER_MINUTE; i++) {
      expect((await send(MULTI, who, [])).statusCode).toBe(400);
    }
    const limited = await send(MULTI, who, [file(WEBP, 'a.webp', 'images')]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.any(String) });
    // Someone else's budget is their own.
    const other = await signedInLearner(t, acme.org.id);
    expect((await send(MULTI, other, [file(WEBP, 'a.webp', 'images')])).statusCode).toBe(201);
  });
});

describe('reading an image', () => {
  it('serves it, inert and cached privately, to members of its organisation only', async () => {
    const image = await one(WEBP, acme.trainer);
    for (const who of [acme.learner, acme.admin, acme.superadmin, acme.trainer]) {
      const res = await http.get(image.url, who.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d{7,}/);
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
    // Another organisation's people, its superadmin included, learn nothing of it.
    for (const who of [globex.superadmin, globex.admin, globex.trainer, globex.learner]) {
      expect((await http.get(image.url, who.token)).statusCode).toBe(404);
    }
    expect((await call(t.app, 'GET', image.url)).statusCode).toBe(401);
    const unknown = `${ONE}00000000-0000-4000-8000-000000000000/`;
    expect((await http.get(unknown, acme.learner.token)).statusCode).toBe(404);
    expect((await http.get(`${ONE}not-a-uuid/`, acme.learner.token)).statusCode).toBe(400);
  });

  it('uploads a superadmin’s image into the organisation they signed in to', async () => {
    const image = await one(WEBP, globex.superadmin);
    expect((await http.get(image.url, globex.learner.token)).statusCode).toBe(200);
    expect((await http.get(image.url, acme.learner.token)).statusCode).toBe(404);
  });
});
