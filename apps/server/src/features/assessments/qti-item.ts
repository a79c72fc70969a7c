import { OPTION_ID } from '@atrium/contract';
import {
  attr,
  child,
  childrenNamed,
  descendants,
  type HtmlOptions,
  qtiName,
  textOf,
  toHtml,
  type XmlElement,
  type XmlNode,
} from './qti-xml.ts';

/**
 * One QTI assessment item (2.1, 2.2 or 3.0) read into an Atrium question definition, not yet
 * validated (the service validates every item with the contract before writing any). What has no
 * Atrium equivalent is `skipped` with its reason; a supported item whose key cannot be read is
 * `invalid`. Atrium's own settings that QTI has no element for (rubrics, word limits, MC scoring,
 * tolerances' mode) travel in a `data-atrium` JSON attribute of the interaction, written by our
 * export (qti-export.ts) and ignored by other tools. Images are rendered by the caller's `image`
 * (qti-package.ts points them at the bank's copies); without it they are left out.
 */
export type ItemResult =
  | { kind: 'question'; identifier: string; title: string; definition: Record<string, unknown> }
  | { kind: 'skipped'; identifier: string; reason: string }
  | { kind: 'invalid'; identifier: string; messages: string[] };

const SUPPORTED = new Set([
  'choiceinteraction',
  'textentryinteraction',
  'extendedtextinteraction',
  'matchinteraction',
  'orderinteraction',
  'uploadinteraction',
]);

interface Declaration {
  cardinality: string;
  baseType: string;
  correct: string[];
  mapping: { key: string; value: number; caseSensitive: boolean }[];
}

function declarations(item: XmlElement): Map<string, Declaration> {
  const out = new Map<string, Declaration>();
  for (const d of childrenNamed(item, 'responsedeclaration')) {
    const correct = child(d, 'correctresponse');
    const mapping = child(d, 'mapping');
    out.set(attr(d, 'identifier') ?? '', {
      cardinality: attr(d, 'cardinality') ?? 'single',
      baseType: attr(d, 'baseType') ?? 'identifier',
      correct: correct ? childrenNamed(correct, 'value').map((v) => textOf(v).trim()) : [],
      mapping: mapping
        ? childrenNamed(mapping, 'mapentry').map((e) => ({
            key: attr(e, 'mapKey') ?? '',
            value: Number(attr(e, 'mappedValue') ?? 0),
            caseSensitive: attr(e, 'caseSensitive') === 'true',
          }))
        : [],
    });
  }
  return out;
}

/** MAXSCORE's default value, else SCORE's normal maximum, else 1. */
function pointsOf(item: XmlElement): number {
  for (const o of childrenNamed(item, 'outcomedeclaration')) {
    const id = attr(o, 'identifier');
    const dv = child(o, 'defaultvalue');
    const v = dv && child(dv, 'value');
    if (id === 'MAXSCORE' && v) return Number(textOf(v).trim());
  }
  for (const o of childrenNamed(item, 'outcomedeclaration')) {
    const max = attr(o, 'normalMaximum');
    if (attr(o, 'identifier') === 'SCORE' && max) return Number(max);
  }
  return 1;
}

/** Modal feedback by its identifier: correct, incorrect (or wrong), anything else general. */
function feedbackOf(item: XmlElement, html: (nodes: XmlNode[]) => string) {
  const fb = { general: '', correct: '', incorrect: '' };
  for (const m of childrenNamed(item, 'modalfeedback')) {
    const id = (attr(m, 'identifier') ?? '').toLowerCase();
    const key = /incorrect|wrong|false/.test(id)
      ? 'incorrect'
      : /correct|true/.test(id)
        ? 'correct'
        : 'general';
    // QTI 3.0 wraps the content in qti-content-body; 2.x has it directly.
    fb[key] += html((child(m, 'contentbody') ?? m).children).trim();
  }
  return fb;
}

/** QTI identifiers kept when they are valid Atrium ids, else numbered (`o1`, `o2` …). */
function idsFor(qtiIds: string[], prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  const valid = qtiIds.every((id) => OPTION_ID.test(id)) && new Set(qtiIds).size === qtiIds.length;
  for (const [i, id] of qtiIds.entries()) out.set(id, valid ? id : `${prefix}${i + 1}`);
  return out;
}

function atriumData(el: XmlElement): Record<string, unknown> {
  const raw = attr(el, 'data-atrium');
  if (!raw) return {};
  try {
    const v = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** Whether HTML shows anything: text once its tags are left out, or an image. */
const visible = (html: string) => /<img\b/.test(html) || html.replace(/<[^>]*>/g, '').trim() !== '';

const isInteraction = (e: XmlElement) => qtiName(e.name).endsWith('interaction');
/** `qti-hotspot-interaction` → `hotspotInteraction`, as people know the names. */
const interactionLabel = (name: string) =>
  name.replace(/^qti-/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The body's top-level blocks; our export wraps the stem in `div.atrium-stem`. */
function blocks(body: XmlElement) {
  return body.children.flatMap((c) =>
    typeof c !== 'string' && c.name === 'div' && /\batrium-stem\b/.test(c.attrs.class ?? '')
      ? c.children
      : [c],
  );
}

/**
 * A blanks item's text and stem: our export wraps the text in `div.atrium-text`; elsewhere the
 * top-level blocks holding the entries are the text and the others the stem.
 */
function splitBlanks(body: XmlElement): { textNodes: XmlNode[]; stemNodes: XmlNode[] } {
  const wrapped = body.children.find(
    (c): c is XmlElement =>
      typeof c !== 'string' && c.name === 'div' && /\batrium-text\b/.test(c.attrs.class ?? ''),
  );
  if (wrapped)
    return { textNodes: wrapped.children, stemNodes: blocks(body).filter((b) => b !== wrapped) };
  const holds = (b: XmlNode) =>
    typeof b !== 'string' && (isInteraction(b) || descendants(b, isInteraction).length > 0);
  const all = blocks(body);
  return { textNodes: all.filter(holds), stemNodes: all.filter((b) => !holds(b)) };
}

const MIME_EXT: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/zip': 'zip',
  'text/plain': 'txt',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
};
/** Without a type the upload accepts common documents and images. */
const DEFAULT_UPLOAD_TYPES = ['pdf', 'docx', 'jpg', 'png'];

export function readItem(
  item: XmlElement,
  fallbackId: string,
  image?: HtmlOptions['image'],
): ItemResult {
  // Every text of the item renders its images the same way (the package resolves them).
  const html = (nodes: XmlNode[], opts: HtmlOptions = {}) => toHtml(nodes, { ...opts, image });
  const identifier = attr(item, 'identifier') ?? fallbackId;
  if (qtiName(item.name) !== 'assessmentitem')
    return { kind: 'skipped', identifier, reason: `not an assessment item: <${item.name}>` };
  const title = (attr(item, 'title') ?? identifier).trim().slice(0, 200) || identifier;
  const invalid = (...messages: string[]): ItemResult => ({
    kind: 'invalid',
    identifier,
    messages,
  });
  const body = child(item, 'itembody');
  if (!body) return invalid('The item has no item body.');
  const interactions = descendants(body, isInteraction);
  if (interactions.length === 0)
    return { kind: 'skipped', identifier, reason: 'the item has no interaction' };
  const unsupported = interactions.find((i) => !SUPPORTED.has(qtiName(i.name)));
  if (unsupported)
    return {
      kind: 'skipped',
      identifier,
      reason: `unsupported interaction: ${interactionLabel(unsupported.name)}`,
    };
  const kinds = new Set(interactions.map((i) => qtiName(i.name)));
  const first = interactions[0]!;
  const extra = atriumData(first);
  const blanks = kinds.size === 1 && kinds.has('textentryinteraction');
  if (interactions.length > 1 && !blanks)
    return {
      kind: 'skipped',
      identifier,
      reason: `several interactions in one item (${[...new Set(interactions.map((i) => interactionLabel(i.name)))].join(', ')})`,
    };

  const decls = declarations(item);
  const declOf = (i: XmlElement) => decls.get(attr(i, 'responseIdentifier') ?? '');
  const decl = declOf(first);
  if (!decl) return invalid('The interaction has no response declaration.');
  const common = {
    points: pointsOf(item),
    feedback: feedbackOf(item, html),
  };
  const question = (stem: string, def: Record<string, unknown>): ItemResult => ({
    kind: 'question',
    identifier,
    title,
    // A stem of empty markup (or only an image that was left out) reads as the item's title.
    definition: {
      ...common,
      stem: visible(stem) ? stem.trim() : `<p>${html([title])}</p>`,
      ...def,
    },
  });
  // The stem: the body without the interaction, the interaction's prompt where it stood.
  const stemWith = (replace: (el: XmlElement) => string | undefined) =>
    html(blocks(body), { replace });
  const promptInPlace = (el: XmlElement) => {
    if (el !== first) return undefined;
    const prompt = child(el, 'prompt');
    if (!prompt) return '';
    const markup = html(prompt.children);
    return /^\s*<(p|div|ul|ol|h\d|blockquote|pre)\b/.test(markup) ? markup : `<p>${markup}</p>`;
  };
  const stem = () => stemWith(promptInPlace);
  const keyed = (values: string[]) => [
    ...new Set([...values, ...decl.mapping.filter((m) => m.value > 0).map((m) => m.key)]),
  ];

  switch (qtiName(first.name)) {
    case 'choiceinteraction': {
      const choices = childrenNamed(first, 'simplechoice');
      const ids = idsFor(
        choices.map((c) => attr(c, 'identifier') ?? ''),
        'o',
      );
      const correct = new Set(keyed(decl.correct));
      const qtiIds = [...ids.keys()];
      if (
        decl.cardinality === 'single' &&
        qtiIds.length === 2 &&
        qtiIds.every((id) => /^(true|false)$/i.test(id)) &&
        correct.size === 1
      )
        return question(stem(), { type: 'true_false', correct: /^true$/i.test([...correct][0]!) });
      const options = choices.map((c) => ({
        id: ids.get(attr(c, 'identifier') ?? '')!,
        text: html(c.children).trim(),
        correct: correct.has(attr(c, 'identifier') ?? ''),
      }));
      const maxChoices = Number(attr(first, 'maxChoices') ?? '1');
      if (decl.cardinality === 'single' || (maxChoices === 1 && correct.size === 1))
        return question(stem(), { type: 'single_choice', options });
      return question(stem(), {
        type: 'multiple_choice',
        options,
        scoring: extra.scoring === 'per_option' ? 'per_option' : 'all_or_nothing',
      });
    }
    case 'textentryinteraction': {
      if (interactions.length > 1 || extra.type === 'fill_in_blanks') {
        const blankIds = idsFor(
          interactions.map((i) => attr(i, 'responseIdentifier') ?? ''),
          'b',
        );
        const marker = (el: XmlElement) =>
          isInteraction(el)
            ? `[[${blankIds.get(attr(el, 'responseIdentifier') ?? '')}]]`
            : undefined;
        const { textNodes, stemNodes } = splitBlanks(body);
        const text = html(textNodes, { replace: marker });
        const stemHtml = html(stemNodes, {
          replace: (el) => (isInteraction(el) ? '' : undefined),
        });
        const defs = interactions.map((i) => {
          const d = declOf(i);
          const data = atriumData(i);
          return {
            id: blankIds.get(attr(i, 'responseIdentifier') ?? '')!,
            accepted: d
              ? [
                  ...new Set([
                    ...d.correct,
                    ...d.mapping.filter((m) => m.value > 0).map((m) => m.key),
                  ]),
                ]
              : [],
            case_sensitive:
              typeof data.case_sensitive === 'boolean'
                ? data.case_sensitive
                : (d?.mapping.some((m) => m.caseSensitive) ?? false),
          };
        });
        return question(stemHtml.trim() || '<p>Fill in the blanks.</p>', {
          type: 'fill_in_blanks',
          text,
          blanks: defs,
        });
      }
      if (decl.baseType === 'float' || decl.baseType === 'integer') {
        const equal = descendants(item, (e) => qtiName(e.name) === 'equal')[0];
        const tolerance = Number((equal && attr(equal, 'tolerance'))?.split(/\s+/)[0] ?? 0);
        const relative = equal && attr(equal, 'toleranceMode') === 'relative';
        return question(stem(), {
          type: 'numeric',
          value: decl.correct[0] === undefined ? undefined : Number(decl.correct[0]),
          tolerance,
          tolerance_mode: relative ? 'percent' : 'absolute',
        });
      }
      return question(stem(), {
        type: 'short_answer',
        accepted: keyed(decl.correct),
        case_sensitive:
          typeof extra.case_sensitive === 'boolean'
            ? extra.case_sensitive
            : decl.mapping.some((m) => m.caseSensitive),
      });
    }
    case 'extendedtextinteraction':
      return question(stem(), {
        type: 'essay',
        ...pick(extra, ['rubric', 'reviewer_notes', 'min_words', 'max_words']),
      });
    case 'uploadinteraction': {
      const mimes = (attr(first, 'type') ?? '').split(/[\s,]+/).filter(Boolean);
      const fromMime = [...new Set(mimes.map((m) => MIME_EXT[m.toLowerCase()]).filter(Boolean))];
      return question(stem(), {
        type: 'file_upload',
        allowed_types: fromMime.length > 0 ? fromMime : DEFAULT_UPLOAD_TYPES,
        ...pick(extra, ['allowed_types', 'max_bytes', 'max_files', 'rubric', 'reviewer_notes']),
      });
    }
    case 'orderinteraction': {
      const choices = childrenNamed(first, 'simplechoice');
      const ids = idsFor(
        choices.map((c) => attr(c, 'identifier') ?? ''),
        'i',
      );
      const byId = new Map(choices.map((c) => [attr(c, 'identifier') ?? '', c]));
      if (decl.correct.length !== choices.length || decl.correct.some((id) => !byId.has(id)))
        return invalid('The correct order must rank every choice of the order interaction once.');
      return question(stem(), {
        type: 'ordering',
        items: decl.correct.map((id) => ({
          id: ids.get(id)!,
          text: html(byId.get(id)!.children).trim(),
        })),
      });
    }
    case 'matchinteraction': {
      const sets = childrenNamed(first, 'simplematchset');
      if (sets.length !== 2) return invalid('A match interaction needs two sets of choices.');
      const [left, right] = sets.map((s) => childrenNamed(s, 'simpleassociablechoice')) as [
        XmlElement[],
        XmlElement[],
      ];
      const ids = idsFor(
        [...left, ...right].map((c) => attr(c, 'identifier') ?? ''),
        'm',
      );
      const pairs = keyed(decl.correct).map((p) => p.trim().split(/\s+/));
      const premises = [];
      for (const p of left) {
        const pid = attr(p, 'identifier') ?? '';
        const matches = pairs.filter((pair) => pair[0] === pid);
        if (matches.length !== 1)
          return {
            kind: 'skipped',
            identifier,
            reason: `matchInteraction where a premise has ${matches.length} matches (Atrium matches each premise to exactly one response)`,
          };
        premises.push({
          id: ids.get(pid)!,
          text: html(p.children).trim(),
          response: ids.get(matches[0]![1] ?? '') ?? matches[0]![1],
        });
      }
      return question(stem(), {
        type: 'matching',
        premises,
        responses: right.map((r) => ({
          id: ids.get(attr(r, 'identifier') ?? '')!,
          text: html(r.children).trim(),
        })),
      });
    }
  }
  return { kind: 'skipped', identifier, reason: `unsupported interaction: ${first.name}` };
}

function pick(from: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.filter((k) => from[k] !== undefined).map((k) => [k, from[k]]));
}
