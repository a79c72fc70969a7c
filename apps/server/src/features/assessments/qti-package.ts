import path from 'node:path/posix';
import { badRequest } from '../../core/errors/app-error.ts';
import type { SpreadsheetLimits } from '../../core/export/spreadsheet-read.ts';
import { type ItemResult, readItem } from './qti-item.ts';
import { attr, descendants, parseXml, qtiName } from './qti-xml.ts';
import { readZipXml } from './qti-zip.ts';

/**
 * A QTI content package: imsmanifest.xml lists resources; those of an item type (QTI 2.1, 2.2,
 * 3.0) are read with qti-item.ts. Tests and sections are listed as skipped (their items are
 * imported when the manifest lists them as resources, as packages do); other resources (images,
 * style sheets) are not questions and are left out.
 */

const ITEM_TYPE = /^imsqti_item_xmlv(2p1|2p2|3p0)$/i;
const TEST_TYPE = /^imsqti_(test|section|assessment)_xmlv/i;
const VERSION: Record<string, string> = { '2p1': '2.1', '2p2': '2.2', '3p0': '3.0' };
/** More items than this in one upload are refused: import in parts. */
export const MAX_QTI_ITEMS = 1000;

export interface QtiPackage {
  version: string | null;
  items: ItemResult[];
}

function packagePath(bases: string[], href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return null;
  let decoded: string;
  try {
    decoded = decodeURI(href);
  } catch {
    return null; // a malformed %-escape names no file of the package
  }
  const joined = path.normalize([...bases.filter(Boolean), decoded].join('/'));
  return joined.startsWith('../') ? null : joined.replace(/^\.\//, '');
}

export async function readQtiPackage(
  content: Buffer,
  limits: SpreadsheetLimits,
): Promise<QtiPackage> {
  const { xml } = await readZipXml(content, limits);
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
  const items: ItemResult[] = [];
  for (const r of resources) {
    const type = attr(r, 'type') ?? '';
    const id = attr(r, 'identifier') ?? attr(r, 'href') ?? '?';
    if (TEST_TYPE.test(type)) {
      items.push({
        kind: 'skipped',
        identifier: id,
        reason: 'assessment tests and sections are not imported (only their items)',
      });
      continue;
    }
    const m = ITEM_TYPE.exec(type);
    if (!m) continue;
    versions.add(VERSION[m[1]!.toLowerCase()]!);
    if (items.length >= MAX_QTI_ITEMS)
      throw badRequest(`The package has more than ${MAX_QTI_ITEMS} items; import it in parts.`, {
        file: ['Too many items.'],
      });
    const href = attr(r, 'href');
    const file = href
      ? packagePath([attr(resourcesEl!, 'base') ?? '', attr(r, 'base') ?? ''], href)
      : null;
    const bytes = file === null ? undefined : xml.get(file);
    if (!bytes) {
      items.push({
        kind: 'invalid',
        identifier: id,
        messages: [`The item file “${href ?? ''}” is not in the package.`],
      });
      continue;
    }
    items.push(readItem(parseXml(bytes, href!), id));
  }
  if (items.length === 0)
    throw badRequest('The manifest lists no QTI items.', {
      file: ['The manifest lists no QTI items (resources of type imsqti_item_xmlv2p1/2p2/3p0).'],
    });
  return { version: versions.size > 0 ? [...versions].sort().join(', ') : null, items };
}
