/**
 * Checks that bytes are a self-contained glTF 2.0 binary (GLB) the player can show without
 * fetching anything: header magic, version and length; a JSON chunk that parses, with
 * `asset.version` "2.0"; every buffer and image either in the binary chunk or a data: URI (no
 * external references: the browser would fetch them from wherever they point); sane counts; and
 * no extension whose decoder model-viewer would load from a CDN (Draco, KTX2/Basis, meshopt).
 * Pure: the caller maps a refusal to its HTTP answer.
 */

export class GlbRefusal extends Error {
  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message);
  }
}

const MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a; // 'JSON'
const CHUNK_BIN = 0x004e4942; // 'BIN\0'
const HEADER = 12;
const CHUNK_HEADER = 8;
/** Beyond this a model is not course content, and a JSON this large costs too much to parse. */
export const GLB_MAX_JSON_BYTES = 8 * 1024 * 1024;
export const GLB_MAX_ITEMS = 10_000;
/** Extensions whose decoders model-viewer loads from a CDN by default: refused, never fetched. */
export const GLB_REFUSED_EXTENSIONS = [
  'KHR_draco_mesh_compression',
  'KHR_texture_basisu',
  'EXT_meshopt_compression',
] as const;
const COUNTED = [
  'accessors',
  'animations',
  'buffers',
  'bufferViews',
  'cameras',
  'images',
  'materials',
  'meshes',
  'nodes',
  'samplers',
  'scenes',
  'skins',
  'textures',
] as const;

export interface GlbSummary {
  meshes: number;
  nodes: number;
  bytes: number;
}

const bad = (message: string) => new GlbRefusal(400, message);

export function validateGlb(bytes: Uint8Array): GlbSummary {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < HEADER || view.getUint32(0, true) !== MAGIC)
    throw new GlbRefusal(415, 'This is not a glTF binary (.glb) file.');
  const version = view.getUint32(4, true);
  if (version !== 2)
    throw bad(`This model is glTF version ${version}; only glTF 2.0 models are accepted.`);
  const declared = view.getUint32(8, true);
  if (declared !== bytes.byteLength)
    throw bad(
      declared > bytes.byteLength
        ? 'The model file is truncated (it is shorter than its header says).'
        : 'The model file has extra bytes after its declared length.',
    );
  if (bytes.byteLength < HEADER + CHUNK_HEADER) throw bad('The model file has no JSON chunk.');
  const jsonLength = view.getUint32(HEADER, true);
  if (view.getUint32(HEADER + 4, true) !== CHUNK_JSON)
    throw bad('The model file does not start with a JSON chunk.');
  const jsonStart = HEADER + CHUNK_HEADER;
  if (jsonLength > bytes.byteLength - jsonStart)
    throw bad('The model file is truncated (its JSON chunk runs past the end).');
  if (jsonLength > GLB_MAX_JSON_BYTES) throw bad('The model’s JSON chunk is too large.');
  let json: unknown;
  try {
    json = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(
        bytes.subarray(jsonStart, jsonStart + jsonLength),
      ),
    );
  } catch {
    throw bad('The model’s JSON chunk is not valid JSON.');
  }
  const binLength = readBinChunk(view, jsonStart + jsonLength, bytes.byteLength);
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw bad('The model’s JSON chunk is not a glTF document.');
  const gltf = json as Record<string, unknown>;
  const asset = gltf.asset as Record<string, unknown> | undefined;
  if (typeof asset !== 'object' || asset === null || asset.version !== '2.0')
    throw bad('The model does not declare asset.version "2.0".');
  for (const key of COUNTED) {
    const list = gltf[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw bad(`The model’s "${key}" is not a list.`);
    if (list.length > GLB_MAX_ITEMS)
      throw bad(`The model has too many ${key} (at most ${GLB_MAX_ITEMS}).`);
  }
  checkReferences(gltf, 'buffers', binLength);
  checkReferences(gltf, 'images', binLength);
  const required = Array.isArray(gltf.extensionsRequired) ? gltf.extensionsRequired : [];
  const used = Array.isArray(gltf.extensionsUsed) ? gltf.extensionsUsed : [];
  const refused = GLB_REFUSED_EXTENSIONS.filter((e) => required.includes(e) || used.includes(e));
  if (refused.length > 0)
    throw bad(
      `The model uses ${refused.join(', ')}, whose decoders Atrium does not serve. Export it without mesh or texture compression.`,
    );
  return {
    meshes: Array.isArray(gltf.meshes) ? gltf.meshes.length : 0,
    nodes: Array.isArray(gltf.nodes) ? gltf.nodes.length : 0,
    bytes: bytes.byteLength,
  };
}

/** The optional BIN chunk right after the JSON chunk; its length, or null when there is none. */
function readBinChunk(view: DataView, at: number, end: number): number | null {
  // Chunks are 4-byte aligned; anything shorter than a chunk header is padding at most.
  if (end - at < CHUNK_HEADER) return null;
  const length = view.getUint32(at, true);
  if (view.getUint32(at + 4, true) !== CHUNK_BIN) return null;
  if (length > end - at - CHUNK_HEADER)
    throw bad('The model file is truncated (its binary chunk runs past the end).');
  return length;
}

/**
 * Buffers and images must be inside the file: a `uri` that is not a data: URI would make the
 * viewer fetch it from anywhere (another site, an internal address).
 */
function checkReferences(
  gltf: Record<string, unknown>,
  key: 'buffers' | 'images',
  bin: number | null,
) {
  const list = (gltf[key] ?? []) as unknown[];
  list.forEach((item, i) => {
    if (typeof item !== 'object' || item === null)
      throw bad(`The model’s ${key}[${i}] is not an object.`);
    const uri = (item as { uri?: unknown }).uri;
    if (uri === undefined) {
      // A buffer without a uri is the BIN chunk (only the first may be).
      if (key === 'buffers' && (i !== 0 || bin === null))
        throw bad(`The model’s buffers[${i}] has no data.`);
      return;
    }
    if (typeof uri !== 'string' || !uri.toLowerCase().startsWith('data:'))
      throw bad(
        `The model refers to an external file (${key}[${i}]); only self-contained .glb models are accepted. Embed its ${key} in the file.`,
      );
  });
}
