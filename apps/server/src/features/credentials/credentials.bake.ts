import { inflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Open Badges 3.0 baking: the credential travels inside the badge image, in a PNG `iTXt` chunk
 * with the keyword `openbadgecredential` (uncompressed, no language tag), placed right after
 * IHDR. A credential already baked into the image is replaced, never doubled.
 */

export const BAKE_KEYWORD = 'openbadgecredential';
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

interface Chunk {
  type: string;
  data: Buffer;
}

export const isPng = (bytes: Buffer) =>
  bytes.length > SIGNATURE.length && bytes.subarray(0, 8).equals(SIGNATURE);

/** The chunks of a PNG; throws on a malformed one (length past the end, bad CRC). */
function chunksOf(png: Buffer): Chunk[] {
  if (!isPng(png)) throw new Error('not a PNG');
  const chunks: Chunk[] = [];
  let at = 8;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (end > png.length) throw new Error('truncated PNG chunk');
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    if (crc32(typeAndData) !== png.readUInt32BE(at + 8 + length)) throw new Error('bad PNG CRC');
    chunks.push({
      type: typeAndData.subarray(0, 4).toString('latin1'),
      data: png.subarray(at + 8, at + 8 + length),
    });
    at = end;
  }
  return chunks;
}

function encodeChunk({ type, data }: Chunk): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** iTXt: keyword NUL, compression flag, method, language tag NUL, translated keyword NUL, text. */
function itxtKeyword(data: Buffer): string {
  const nul = data.indexOf(0);
  return nul < 0 ? '' : data.subarray(0, nul).toString('latin1');
}

export function bake(png: Buffer, credentialJson: string): Buffer {
  const chunks = chunksOf(png).filter(
    (c) => !(c.type === 'iTXt' && itxtKeyword(c.data) === BAKE_KEYWORD),
  );
  const data = Buffer.concat([
    Buffer.from(`${BAKE_KEYWORD}\0\0\0\0\0`, 'latin1'),
    Buffer.from(credentialJson, 'utf8'),
  ]);
  const [ihdr, ...rest] = chunks;
  if (ihdr?.type !== 'IHDR') throw new Error('PNG without IHDR first');
  return Buffer.concat([SIGNATURE, ...[ihdr, { type: 'iTXt', data }, ...rest].map(encodeChunk)]);
}

/** The credential JSON baked into a PNG, or null when it holds none (or is no PNG). */
export function unbake(png: Buffer): string | null {
  let chunks: Chunk[];
  try {
    chunks = chunksOf(png);
  } catch {
    return null;
  }
  for (const c of chunks) {
    if (c.type !== 'iTXt' || itxtKeyword(c.data) !== BAKE_KEYWORD) continue;
    let at = BAKE_KEYWORD.length + 1;
    const compressed = c.data[at] === 1;
    at += 2;
    at = c.data.indexOf(0, at) + 1; // language tag
    at = c.data.indexOf(0, at) + 1; // translated keyword
    if (at <= 0) return null;
    const text = c.data.subarray(at);
    try {
      return (compressed ? inflateSync(text) : text).toString('utf8');
    } catch {
      return null;
    }
  }
  return null;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Up to two initials of the badge's name ("Safety First" → "SF"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => [...w][0] ?? '');
  return letters.join('').toUpperCase() || '★';
}

/** A plain 256 px badge with the initials, for a badge without an image. */
export async function initialsPng(name: string): Promise<Buffer> {
  let hue = 0;
  for (const ch of name) hue = (hue * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
<circle cx="128" cy="128" r="124" fill="hsl(${hue},55%,40%)"/>
<circle cx="128" cy="128" r="108" fill="none" stroke="#ffffff" stroke-width="6"/>
<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="96" font-weight="bold" fill="#ffffff">${escapeXml(initialsOf(name))}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
