import sharp from 'sharp';

/**
 * Test assets of the AR/VR studio (features/xr): a tiny valid glTF 2.0 binary (one triangle), made
 * here rather than committed so each test can bend one part of it, and equirectangular images.
 */
export function buildGlb(
  options: {
    gltf?: (doc: Record<string, unknown>) => Record<string, unknown>;
    magic?: number;
    version?: number;
  } = {},
): Buffer {
  const bin = Buffer.alloc(36);
  for (const [i, v] of [0, 0, 0, 1, 0, 0, 0, 1, 0].entries()) bin.writeFloatLE(v, i * 4);
  const base: Record<string, unknown> = {
    asset: { version: '2.0', generator: 'atrium test' },
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
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 36, target: 34962 }],
    buffers: [{ byteLength: 36 }],
  };
  const doc = options.gltf ? options.gltf(base) : base;
  let json = Buffer.from(JSON.stringify(doc));
  if (json.length % 4) json = Buffer.concat([json, Buffer.alloc(4 - (json.length % 4), 0x20)]);
  const total = 12 + 8 + json.length + 8 + bin.length;
  const header = Buffer.alloc(12);
  header.writeUInt32LE(options.magic ?? 0x46546c67, 0);
  header.writeUInt32LE(options.version ?? 2, 4);
  header.writeUInt32LE(total, 8);
  const chunk = (length: number, type: number) => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(length, 0);
    h.writeUInt32LE(type, 4);
    return h;
  };
  return Buffer.concat([
    header,
    chunk(json.length, 0x4e4f534a),
    json,
    chunk(bin.length, 0x004e4942),
    bin,
  ]);
}

/** A plain JPEG (or PNG) of the given size: 2:1 is a valid panorama. */
export function panorama(width = 200, height = 100, format: 'jpeg' | 'png' = 'jpeg') {
  const image = sharp({ create: { width, height, channels: 3, background: '#6a8fb0' } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}
