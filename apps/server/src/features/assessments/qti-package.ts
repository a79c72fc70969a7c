import { badRequest } from '../../core/errors/app-error.ts';
import type { SpreadsheetLimits } from '../../core/export/spreadsheet-read.ts';
import { PackageImages } from './qti-images.ts';
import { type ItemResult, readItem } from './qti-item.ts';
import {
  attr,
  descendants,
  type ItemImage,
  imagesIn,
  parseXml,
  qtiName,
  type XmlElement,
} from './qti-xml.ts';
import { packagePath, type QtiZip, readQtiZip } from './qti-zip.ts';
import type { PackagedImage } from './question-images.ts';

/**
 * A QTI content package: imsmanifest.xml lists resources; those of an item type (QTI 2.1, 2.2,
 * 3.0) are read with qti-item.ts. Tests and sections are listed as skipped (their items are
 * imported when the manifest lists them as resources, as packages do); other resources (images,
 * style sheets) are not questions and are left out. The images items show are read with
 * qti-images.ts, whatever resource (if any) lists them: what an item refers to is what counts.
 */

const ITEM_TYPE = /^imsqti_item_xmlv(2p1|2p2|3p0)$/i;
const TEST_TYPE = /^imsqti_(test|section|assessment)_xmlv/i;
const VERSION: Record<string, string> = { '2p1': '2.1', '2p2': '2.2', '3p0': '3.0' };
/** More items than this in one upload are refused: import in parts. */
export const MAX_QTI_ITEMS = 1000;

export interface QtiPackage {
  version: string | null;
  items: ItemResult[];
  /** The images the items show, by the uuid their question text points at (none stored yet). */
  images: Map<string, PackagedImage>;
  /** Images left out of questions, and why, by item identifier. */
  notes: { item: string; note: string }[];
}

export function readQtiPackage(content: Buffer, limits: SpreadsheetLimits): Promise<QtiPackage> {
  return readQtiZip(content, limits, (zip) => readPackage(zip));
}

async function readPackage(zip: QtiZip): Promise<QtiPackage> {
  const { xml } = zip;
  const manifestName = [...xml.keys()].find((n) => n.toLowerCase() === 'imsmanifest.xml');
  if (!manifestName)
    throw badRequest('The package has no imsmanifest.xml at its root.', {
      file: ['The package has no imsmanifest.xml at its root.'],
    });
  const manifest = parseXml(xml.get(manifestName)!, 'imsmanifest.xml');
  const resourcesEl = descendants(manifest, (e) => qtiName(e.name) === 'resources')[0];
  const resources = resourcesEl
    ? descendants(resourcesEl, (e) => qtiName(e.name) === 'resource')
    : [];
  const versions = new Set<string>();
  // Items are parsed first and read once their images are: an item's place is kept meanwhile.
  const slots: (ItemResult | { id: string; file: string; root: XmlElement })[] = [];
  for (const r of resources) {
    const type = attr(r, 'type') ?? '';
    const id = attr(r, 'identifier') ?? attr(r, 'href') ?? '?';
    if (TEST_TYPE.test(type)) {
      slots.push({
        kind: 'skipped',
        identifier: id,
        reason: 'assessment tests and sections are not imported (only their items)',
      });
      continue;
    }
    const m = ITEM_TYPE.exec(type);
    if (!m) continue;
    versions.add(VERSION[m[1]!.toLowerCase()]!);
    if (slots.length >= MAX_QTI_ITEMS)
      throw badRequest(`The package has more than ${MAX_QTI_ITEMS} items; import it in parts.`, {
        file: ['Too many items.'],
      });
    const href = attr(r, 'href');
    const file = href
      ? packagePath([attr(resourcesEl!, 'base') ?? '', attr(r, 'base') ?? ''], href)
      : null;
    const bytes = file === null ? undefined : xml.get(file);
    if (!bytes) {
      slots.push({
        kind: 'invalid',
        identifier: id,
        messages: [`The item file “${href ?? ''}” is not in the package.`],
      });
      continue;
    }
    slots.push({ id, file: file!, root: parseXml(bytes, href!) });
  }
  if (slots.length === 0)
    throw badRequest('The manifest lists no QTI items.', {
      file: ['The manifest lists no QTI items (resources of type imsqti_item_xmlv2p1/2p2/3p0).'],
    });

  const images = new PackageImages(zip);
  const shown = new Map<XmlElement, ItemImage[]>();
  for (const s of slots) {
    if (!('root' in s)) continue;
    shown.set(s.root, imagesIn(s.root));
    await images.load(s.file, shown.get(s.root)!);
  }
  const notes: QtiPackage['notes'] = [];
  const items = slots.map((s): ItemResult => {
    if (!('root' in s)) return s;
    const left = new Map<string, string>();
    const item = readItem(s.root, s.id, (image) => images.markup(s.file, image, left));
    // Notes about an item that is not imported would only be noise. The item's texts are not
    // rendered in document order (options before the stem): its notes are put back in it.
    if (item.kind !== 'question') return item;
    const inOrder = shown.get(s.root)!.flatMap(({ src }) => left.get(src) ?? []);
    for (const note of new Set(inOrder)) notes.push({ item: item.identifier, note });
    return item;
  });
  return {
    version: versions.size > 0 ? [...versions].sort().join(', ') : null,
    items,
    images: images.byUuid,
    notes,
  };
}
