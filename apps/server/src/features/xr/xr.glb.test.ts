import { describe, expect, it } from 'vitest';
import { buildGlb, panorama } from '../../../test/factories/xr.ts';
import { GlbRefusal, validateGlb } from './xr.glb.ts';
import { panoramaRatioProblem } from './xr.panorama.ts';

function refusal(bytes: Uint8Array): GlbRefusal {
  try {
    validateGlb(bytes);
  } catch (err) {
    if (err instanceof GlbRefusal) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe('validateGlb', () => {
  it('accepts a self-contained glTF 2.0 triangle', () => {
    expect(validateGlb(buildGlb())).toMatchObject({ meshes: 1, nodes: 1 });
  });

  it('accepts buffers and images carried as data: URIs', () => {
    const glb = buildGlb({
      gltf: (d) => ({
        ...d,
        images: [{ uri: 'data:image/png;base64,iVBORw0KGgo=' }],
      }),
    });
    expect(() => validateGlb(glb)).not.toThrow();
  });

  it('refuses an external buffer or image uri, naming it', () => {
    const buffer = refusal(
      buildGlb({ gltf: (d) => ({ ...d, buffers: [{ byteLength: 36, uri: 'mesh.bin' }] }) }),
    );
    expect(buffer.status).toBe(400);
    expect(buffer.message).toMatch(/external file \(buffers\[0\]\)/);
    const image = refusal(
      buildGlb({ gltf: (d) => ({ ...d, images: [{ uri: 'https://evil.example/t.png' }] }) }),
    );
    expect(image.message).toMatch(/external file \(images\[0\]\)/);
  });

  it('refuses a truncated file', () => {
    const glb = buildGlb();
    expect(refusal(glb.subarray(0, glb.length - 10)).message).toMatch(/truncated/);
    expect(refusal(glb.subarray(0, 16)).message).toMatch(/truncated|JSON chunk/);
  });

  it('refuses a wrong magic as another kind of file (415)', () => {
    const r = refusal(buildGlb({ magic: 0x12345678 }));
    expect(r.status).toBe(415);
    expect(refusal(Buffer.from('hello')).status).toBe(415);
  });

  it('refuses glTF 1, a missing asset.version 2.0 and broken JSON', () => {
    expect(refusal(buildGlb({ version: 1 })).message).toMatch(/version 1/);
    expect(
      refusal(buildGlb({ gltf: (d) => ({ ...d, asset: { version: '1.0' } }) })).message,
    ).toMatch(/asset.version "2.0"/);
    const glb = buildGlb();
    glb.write('{{', 20);
    expect(refusal(glb).message).toMatch(/not valid JSON/);
  });

  it('refuses absurd counts and compression whose decoders would come from a CDN', () => {
    const many = buildGlb({ gltf: (d) => ({ ...d, nodes: Array(10_001).fill({}) }) });
    expect(refusal(many).message).toMatch(/too many nodes/);
    const draco = buildGlb({
      gltf: (d) => ({ ...d, extensionsUsed: ['KHR_draco_mesh_compression'] }),
    });
    expect(refusal(draco).message).toMatch(/KHR_draco_mesh_compression/);
  });
});

describe('panoramaRatioProblem', () => {
  it.each([
    [4096, 2048, true],
    [4000, 2048, true],
    [200, 100, true],
    [1920, 1080, false],
    [1000, 1000, false],
    [5000, 2000, false],
  ])('%i×%i acceptable: %s', (w, h, ok) => {
    expect(panoramaRatioProblem(w, h) === null).toBe(ok);
  });

  it('builds the fixtures it is tested with', async () => {
    expect((await panorama()).length).toBeGreaterThan(100);
  });
});
