import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badRequest } from '../../core/errors/app-error.ts';
import type { ScoLaunchData } from '../../schema/scorm.table.ts';

/**
 * Reads imsmanifest.xml into what Atrium keeps: the version, the default
 * organisation and its items in order (the SCO tree), each launchable item's
 * path inside the package. Refuses, with a message an author can act on,
 * anything that would leave a learner with nothing to play.
 */
export interface ManifestItem {
  identifier: string;
  title: string;
  parent: string | null;
  depth: number;
  position: number;
  href: string | null;
  parameters: string | null;
  scormType: 'sco' | 'asset' | null;
  launchData: ScoLaunchData;
}

export interface Manifest {
  version: '1.2' | '2004';
  identifier: string;
  title: string;
  defaultOrganization: string;
  items: ManifestItem[];
}

type Node = Record<string, unknown>;
const ARRAYS = new Set(['organization', 'item', 'resource', 'file', 'dependency', 'objective']);
const MAX_ITEMS = 5000;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

/** A child or attribute by name, whatever its case (1.2 writes scormtype, 2004 scormType). */
function pick(node: unknown, name: string): unknown {
  if (!node || typeof node !== 'object') return undefined;
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(node as Node)) if (k.toLowerCase() === lower) return v;
  return undefined;
}
/** Text of an element that may carry attributes ({'#text': …}). */
function text(node: unknown): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (Array.isArray(node)) return text(node[0]);
  if (typeof node === 'object') return text((node as Node)['#text']);
  const s = String(node).trim();
  return s === '' ? undefined : s;
}
const attr = (node: unknown, name: string) => text(pick(node, `@_${name}`));
const list = (v: unknown): Node[] => (Array.isArray(v) ? v : v ? [v] : []) as Node[];
const clip = (s: string, n = 255) => (s.length > n ? s.slice(0, n) : s);
const num = (s: string | undefined) => {
  const n = s === undefined ? Number.NaN : Number(s);
  return Number.isFinite(n) ? n : undefined;
};

function detectVersion(xml: string, root: Node): '1.2' | '2004' {
  const schemaVersion = text(pick(pick(root, 'metadata'), 'schemaversion')) ?? '';
  if (/2004|cam 1\.3/i.test(schemaVersion)) return '2004';
  if (/^1\.2$/.test(schemaVersion)) return '1.2';
  // No (or an unusual) schemaversion: the namespaces tell.
  return /adlcp_v1p3|imsss|imscp_v1p1"/.test(xml) ? '2004' : '1.2';
}

/** imsss:sequencing elements shared by ID (imsss:sequencingCollection), for IDRef. */
type Collection = Map<string, Node>;

/** An element of the item's sequencing, else of the shared sequencing it refers to (SN: overrides). */
function sequencingPart(item: Node, name: string, collection: Collection): unknown {
  const own = pick(item, 'sequencing');
  const mine = pick(own, name);
  if (mine !== undefined) return mine;
  const ref = attr(own, 'IDRef');
  return ref ? pick(collection.get(ref), name) : undefined;
}

/** The item's launch data, from the adlcp/imsss elements either version may use. */
function launchDataOf(item: Node, version: '1.2' | '2004', collection: Collection): ScoLaunchData {
  const data: ScoLaunchData = {};
  if (attr(item, 'isvisible')?.toLowerCase() === 'false') data.hidden = true;
  const fromLms = text(pick(item, 'dataFromLMS'));
  if (fromLms) data.dataFromLms = clip(fromLms, 4096);
  const maxTime = text(pick(item, 'maxTimeAllowed'));
  if (maxTime) data.maxTimeAllowed = clip(maxTime, 64);
  const limitAction = text(pick(item, 'timeLimitAction'));
  if (limitAction) data.timeLimitAction = clip(limitAction, 64);
  if (version === '1.2') {
    const mastery = num(text(pick(item, 'masteryscore')));
    if (mastery !== undefined && mastery >= 0 && mastery <= 100) data.masteryScore = mastery;
    const prerequisites = text(pick(item, 'prerequisites'));
    if (prerequisites) data.prerequisites = clip(prerequisites, 2000);
  } else {
    const delivery = sequencingPart(item, 'deliveryControls', collection);
    if (attr(delivery, 'completionSetByContent') === 'true') data.completionSetByContent = true;
    if (attr(delivery, 'objectiveSetByContent') === 'true') data.objectiveSetByContent = true;
    const objectives = sequencingPart(item, 'objectives', collection);
    const ids = [
      attr(pick(objectives, 'primaryObjective'), 'objectiveID'),
      ...list(pick(objectives, 'objective')).map((o) => attr(o, 'objectiveID')),
    ].filter((id): id is string => Boolean(id));
    if (ids.length > 0)
      data.objectiveIds = [...new Set(ids)].slice(0, 100).map((id) => clip(id, 4000));
    // 3rd edition: the threshold is the element's text. 4th edition: attributes, and
    // minProgressMeasure applies only with completedByMeasure="true" (CAM 4th ed. 5.1.3.1).
    const threshold = pick(item, 'completionThreshold');
    const byMeasure = attr(threshold, 'completedByMeasure');
    const fourth = byMeasure !== undefined || attr(threshold, 'minProgressMeasure') !== undefined;
    const t = num(
      fourth
        ? byMeasure === 'true'
          ? (attr(threshold, 'minProgressMeasure') ?? '1')
          : undefined
        : text(threshold),
    );
    if (t !== undefined && t >= 0 && t <= 1) data.completionThreshold = t;
    const primary = pick(objectives, 'primaryObjective');
    if (attr(primary, 'satisfiedByMeasure') === 'true') {
      const m = num(text(pick(primary, 'minNormalizedMeasure')));
      if (m !== undefined && m >= -1 && m <= 1) data.scaledPassingScore = m;
    }
  }
  return data;
}

/** Joins xml:base values and an href into a normalised path inside the package. */
function resolveHref(bases: (string | undefined)[], href: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//'))
    throw badRequest(
      `The manifest launches an external address (“${clip(href, 120)}”); Atrium plays only what the package contains.`,
    );
  const joined = [...bases.filter(Boolean), href].join('/').replace(/\/{2,}/g, '/');
  const normal = path.posix.normalize(joined.replace(/^\.\//, ''));
  if (normal.startsWith('../') || normal.startsWith('/'))
    throw badRequest(`The manifest launches a file outside the package (“${clip(href, 120)}”).`);
  return normal;
}

export function parseManifest(xml: string, packageFiles: ReadonlySet<string>): Manifest {
  const bad = (detail: string) => badRequest(`The package's imsmanifest.xml ${detail}`);
  // A manifest never needs its own entities; refusing them rules out entity-expansion bombs.
  if (/<!ENTITY/i.test(xml)) throw bad('declares XML entities, which are not allowed.');
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw bad(`is not valid XML (line ${valid.err.line}: ${valid.err.msg.replace(/\.$/, '')}).`);
  const root = pick(parser.parse(xml), 'manifest') as Node | undefined;
  if (!root || typeof root !== 'object') throw bad('has no <manifest> element.');
  const version = detectVersion(xml, root);

  const orgs = pick(root, 'organizations');
  const organizations = list(pick(orgs, 'organization'));
  const wanted = attr(orgs, 'default');
  const org = organizations.find((o) => attr(o, 'identifier') === wanted) ?? organizations[0];
  if (!org || list(pick(org, 'item')).length === 0)
    throw bad(
      'defines no organisation with items (the course structure), so there is nothing to launch.',
    );

  const resourcesNode = pick(root, 'resources');
  const resources = new Map<string, Node>();
  for (const r of list(pick(resourcesNode, 'resource'))) {
    const id = attr(r, 'identifier');
    if (id) resources.set(id, r);
  }
  if (resources.size === 0) throw bad('defines no resources.');

  // sequencingCollection holds sequencing elements that items share by IDRef.
  const collection: Collection = new Map();
  for (const seq of list(pick(pick(root, 'sequencingCollection'), 'sequencing'))) {
    const id = attr(seq, 'ID');
    if (id) collection.set(id, seq);
  }

  const items: ManifestItem[] = [];
  const seen = new Set<string>();
  const walk = (nodes: Node[], parent: string | null, depth: number) => {
    for (const node of nodes) {
      const identifier = attr(node, 'identifier');
      if (!identifier) throw bad('has an item without an identifier.');
      if (seen.has(identifier)) throw bad(`defines the item “${clip(identifier, 120)}” twice.`);
      seen.add(identifier);
      if (items.length >= MAX_ITEMS) throw bad(`has more than ${MAX_ITEMS} items.`);
      const ref = attr(node, 'identifierref');
      let href: string | null = null;
      let scormType: 'sco' | 'asset' | null = null;
      if (ref) {
        const res = resources.get(ref);
        if (!res)
          throw bad(
            `refers to the resource “${clip(ref, 120)}” (item “${clip(identifier, 120)}”), which it does not define.`,
          );
        const resHref = attr(res, 'href');
        if (resHref) {
          href = resolveHref([attr(resourcesNode, 'base'), attr(res, 'base')], resHref);
          const file = decodeURI(href.replace(/[?#].*$/, ''));
          if (!packageFiles.has(file))
            throw badRequest(
              `The manifest launches “${clip(file, 120)}”, which is not in the package.`,
            );
          scormType = attr(res, 'scormtype')?.toLowerCase() === 'sco' ? 'sco' : 'asset';
        }
      }
      items.push({
        identifier: clip(identifier),
        title: clip(text(pick(node, 'title')) ?? identifier),
        parent,
        depth,
        position: items.length,
        href,
        parameters: attr(node, 'parameters') ?? null,
        scormType,
        launchData: launchDataOf(node, version, collection),
      });
      walk(list(pick(node, 'item')), identifier, depth + 1);
    }
  };
  walk(list(pick(org, 'item')), null, 0);
  if (!items.some((i) => i.href))
    throw bad('has no item that launches anything (no item refers to a resource with an href).');

  return {
    version,
    identifier: clip(attr(root, 'identifier') ?? 'package'),
    title: clip(text(pick(org, 'title')) ?? attr(root, 'identifier') ?? 'SCORM package'),
    defaultOrganization: clip(attr(org, 'identifier') ?? 'default'),
    items,
  };
}

/** The launch path of an item: its href with the manifest parameters (IMS CP rules). */
export function launchPath(href: string, parameters: string | null): string {
  if (!parameters) return href;
  let p = parameters.trim();
  if (p.startsWith('?') || p.startsWith('&')) p = p.slice(1);
  if (p.startsWith('#')) return href.includes('#') ? href : `${href}${p}`;
  return `${href}${href.includes('?') ? '&' : '?'}${p}`;
}
