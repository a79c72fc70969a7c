import path from 'node:path/posix';
import type { Readable } from 'node:stream';
import {
  QUESTION_IMAGE_MAX_BYTES,
  QUESTION_IMAGE_TYPES,
  questionImageUrl,
  type TQuestionDefinition,
} from '@atrium/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../core/context.ts';
import { contentTypeFor, extensionOf } from '../../core/storage/content-check.ts';
import { formatBytes } from '../../core/storage/local-file-store.ts';
import { escapeXml, type ItemImage } from './qti-xml.ts';
import { packagePath, type QtiZip } from './qti-zip.ts';
import { imagesByUuid, type PackagedImage } from './question-images.ts';
import { imageUuidsOf } from './question-text.ts';

/**
 * The images a package's items show (issue 16). An item's `<img src>` is a path relative to the
 * item file; each distinct file of the package is read once, checked as the file store will check
 * it (a raster type the bank keeps, within its size, content that is really that type), and given
 * a new uuid whose question-image address replaces the path in the question text. Nothing is
 * stored here: the import stores the images of the questions it writes. An image that cannot be
 * kept is left out of its question and noted, so one diagram does not refuse a large import.
 * For an export, the stored images the questions show are found here and packed by qti-export.ts.
 */

/** What became of one image address. */
type Outcome = { uuid: string } | { problem: string };

const TYPE_NAMES = 'PNG, JPEG, GIF and WebP';
/** The head of a file that the sniffing reads, as the file store does. */
const SNIFF_BYTES = 4100;

/** How a note names an image: its address as written, cut short if long. */
const named = (src: string) => `“${src.length > 120 ? `${src.slice(0, 117)}…` : src}”`;

/** Why an address names no file of the package, or the file's path in the zip. */
function locate(itemFile: string, src: string): { path: string } | { problem: string } {
  const s = src.trim();
  if (s === '') return { problem: 'an image without an address (no src) was left out' };
  if (/^data:/i.test(s))
    return {
      problem:
        'an image written into the item (a data: address) was left out: only image files of the package are kept',
    };
  if (/^https?:/i.test(s) || s.startsWith('//'))
    return {
      problem: `image ${named(s)} left out: images from other sites are not kept; add the file to the package`,
    };
  const at = packagePath([path.dirname(itemFile)], s);
  if (at === null)
    return { problem: `image ${named(s)} left out: it is not a file of the package` };
  return { path: at };
}

export class PackageImages {
  /** The images kept, by the uuid their question text points at. */
  readonly byUuid = new Map<string, PackagedImage>();
  private readonly byPath = new Map<string, Outcome>();

  constructor(private readonly zip: QtiZip) {}

  /**
   * Reads the images an item shows, before the item is read (the item reader is synchronous).
   * Only files an item refers to are inflated, each once whatever number of items show it.
   */
  async load(itemFile: string, images: ItemImage[]): Promise<void> {
    for (const image of images) {
      const at = locate(itemFile, image.src);
      if ('path' in at && !this.byPath.has(at.path))
        this.byPath.set(at.path, await this.check(at.path));
    }
  }

  /**
   * The markup for one image of an item (read by `load` before): an `<img>` at its new address,
   * or nothing, with the reason noted under the image's address in `notes`.
   */
  markup(itemFile: string, image: ItemImage, notes: Map<string, string>): string {
    const at = locate(itemFile, image.src);
    const outcome: Outcome | undefined = 'problem' in at ? at : this.byPath.get(at.path);
    if (!outcome || 'problem' in outcome) {
      notes.set(
        image.src,
        outcome?.problem ?? `image ${named(image.src)} left out: it was not read`,
      );
      return '';
    }
    const title = image.title ? ` title="${escapeXml(image.title)}"` : '';
    return `<img src="${questionImageUrl(outcome.uuid)}" alt="${escapeXml(image.alt)}"${title} />`;
  }

  private async check(file: string): Promise<Outcome> {
    const left = (why: string) => ({ problem: `image ${named(file)} left out: ${why}` });
    const ext = extensionOf(file);
    if (ext === 'svg') return left('SVG images are not kept; convert it to PNG');
    if (!(QUESTION_IMAGE_TYPES as readonly string[]).includes(ext))
      return left(`only ${TYPE_NAMES} images are kept`);
    const size = this.zip.sizeOf(file);
    if (size === undefined) return left('the file is not in the package');
    if (size > QUESTION_IMAGE_MAX_BYTES)
      return left(`it is larger than the ${formatBytes(QUESTION_IMAGE_MAX_BYTES)} limit`);
    const bytes = await this.zip.read(file);
    // The file store refuses content that is not what its name says; finding that out here
    // leaves out this one image instead of refusing the whole import when it is stored.
    const sniffed = await fileTypeFromBuffer(bytes);
    if (!contentTypeFor(ext, sniffed, bytes.subarray(0, SNIFF_BYTES)))
      return left(`its content is not a .${ext} image`);
    const uuid = crypto.randomUUID();
    this.byUuid.set(uuid, { uuid, name: path.basename(file), bytes });
    return { uuid };
  }
}

/** A stored image packed into an export: its path in the package, and its bytes when zipped. */
export interface ExportImage {
  path: string;
  open: () => Promise<Readable>;
}

/**
 * The stored images the exported questions show, each to be packed once as `images/<uuid>.<ext>`.
 * Only the organisation's (any other address would be refused when the question was written).
 */
export async function imagesToExport(
  ctx: AppContext,
  organisationId: number,
  definitions: TQuestionDefinition[],
): Promise<Map<string, ExportImage>> {
  const uuids = [...new Set(definitions.flatMap(imageUuidsOf))];
  const out = new Map<string, ExportImage>();
  for (const [uuid, { key }] of await imagesByUuid(ctx.db, organisationId, uuids)) {
    // A file gone from the store keeps the bank's address in the item, rather than break the
    // zip halfway through its download.
    if (!(await ctx.files.stat(key))) continue;
    out.set(uuid, { path: `images/${uuid}.${extensionOf(key)}`, open: () => ctx.files.open(key) });
  }
  return out;
}
