import { badRequest } from '../../core/errors/app-error.ts';
import { XmlFormatError, XmlScanner } from '../../core/export/xml-scan.ts';

/**
 * A small element tree of a QTI XML part, built with core/export's XML scanner: no DTDs (refused,
 * so no entity expansion and no external entities), prefixes dropped. QTI items are small, and
 * their item bodies are mixed content (HTML with interactions inside), which a tree keeps in
 * order. QTI 3.0 names its elements `qti-choice-interaction`, 2.x `choiceInteraction`: `qtiName`
 * folds both to `choiceinteraction` so the importer reads either.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/** Elements deeper than this are refused: no legitimate item nests so far. */
const MAX_DEPTH = 200;

export function parseXml(xml: Buffer | string, what: string): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const scanner = new XmlScanner({
    open(name, attrs) {
      const el: XmlElement = { name, attrs, children: [] };
      stack.at(-1)!.children.push(el);
      stack.push(el);
      if (stack.length > MAX_DEPTH) throw new XmlFormatError('elements are nested too deeply');
    },
    close(name) {
      if (stack.length > 1 && stack.at(-1)!.name === name) stack.pop();
      else throw new XmlFormatError(`</${name}> closes no open element`);
    },
    text(text) {
      if (stack.length > 1) stack.at(-1)!.children.push(text);
    },
  });
  try {
    scanner.write(Buffer.isBuffer(xml) ? xml : Buffer.from(xml, 'utf8'));
    scanner.end();
  } catch (err) {
    if (err instanceof XmlFormatError)
      throw badRequest(`${what} is not well-formed XML: ${err.message}.`, {
        file: [`${what}: ${err.message}.`],
      });
    throw err;
  }
  if (stack.length !== 1)
    throw badRequest(`${what} is not well-formed XML: <${stack.at(-1)!.name}> is never closed.`, {
      file: [`${what}: <${stack.at(-1)!.name}> is never closed.`],
    });
  const top = root.children.find((c): c is XmlElement => typeof c !== 'string');
  if (!top) throw badRequest(`${what} is empty.`, { file: [`${what} is empty.`] });
  return top;
}

/** `qti-choice-interaction` and `choiceInteraction` alike: `choiceinteraction`. */
export const qtiName = (name: string) => name.replace(/^qti-/, '').replace(/-/g, '').toLowerCase();
/** Attributes likewise: `response-identifier` and `responseIdentifier`. */
export function attr(el: XmlElement, name: string): string | undefined {
  const want = qtiName(name);
  for (const [k, v] of Object.entries(el.attrs)) if (qtiName(k) === want) return v;
  return undefined;
}

export const elements = (el: XmlElement) =>
  el.children.filter((c): c is XmlElement => typeof c !== 'string');
export const childrenNamed = (el: XmlElement, name: string) =>
  elements(el).filter((c) => qtiName(c.name) === name);
export const child = (el: XmlElement, name: string) => childrenNamed(el, name)[0];

/** Every descendant (depth first, document order) for which `match` holds. */
export function descendants(el: XmlElement, match: (e: XmlElement) => boolean): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of elements(e)) {
      if (match(c)) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

export function textOf(el: XmlElement): string {
  return el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

export const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An image of the item: its address as written in the package, and its alternative text. */
export interface ItemImage {
  src: string;
  alt: string;
  title?: string;
}

export interface HtmlOptions {
  replace?: (el: XmlElement) => string | undefined;
  /**
   * The markup for an image (an `<img>`, or an `<object>` of an image type as QTI 2.x writes
   * them): the caller resolves its address in the package. Without it images are left out.
   */
  image?: (image: ItemImage) => string;
}

/** An element that shows an image, as its address and alternative text; else undefined. */
function imageOf(el: XmlElement): ItemImage | undefined {
  if (el.name === 'img')
    return { src: el.attrs.src ?? '', alt: el.attrs.alt ?? '', title: el.attrs.title };
  // QTI 2.x items often show a picture as an object; its content is the fallback text.
  if (el.name === 'object' && /^image\//i.test(el.attrs.type ?? ''))
    return { src: el.attrs.data ?? '', alt: textOf(el).trim(), title: el.attrs.title };
  return undefined;
}

/** Every image an element shows, anywhere inside it (to read those files before the items). */
export const imagesIn = (el: XmlElement): ItemImage[] =>
  descendants(el, (e) => imageOf(e) !== undefined).map((e) => imageOf(e)!);

/**
 * The markup of nodes as HTML. QTI's own elements are left out with their content (callers
 * `replace` those they render); the result goes through the rich-text sanitiser afterwards, which
 * is what decides what HTML is stored.
 */
export function toHtml(nodes: XmlNode[], opts: HtmlOptions = {}): string {
  return nodes
    .map((n) => {
      // Indentation between elements is layout of the XML file, not text of the question.
      if (typeof n === 'string')
        return /^\s*$/.test(n) && n.includes('\n') ? '' : escapeXml(n.replace(/\s*\n\s*/g, ' '));
      const replaced = opts.replace?.(n);
      if (replaced !== undefined) return replaced;
      const image = imageOf(n);
      if (image) return opts.image?.(image) ?? '';
      const inner = toHtml(n.children, opts);
      // QTI 3.0 elements carry the qti- prefix; 2.x ones are camel-cased: neither is HTML.
      if (/^qti-/.test(n.name) || /[A-Z]/.test(n.name)) return '';
      const attrs = Object.entries(n.attrs)
        .filter(([k]) => /^(href|title|colspan|rowspan)$/.test(k))
        .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
        .join('');
      // Other media (sound, video, objects that are not images) are not kept by the bank.
      if (/^(object|audio|video|source)$/.test(n.name)) return '';
      if (/^(br|hr)$/.test(n.name)) return `<${n.name} />`;
      // A paragraph or span left empty (its image or media left out) is not kept as a blank line.
      if (inner.trim() === '' && /^(p|div|span|strong|em|b|i|u)$/.test(n.name)) return '';
      return `<${n.name}${attrs}>${inner}</${n.name}>`;
    })
    .join('');
}
