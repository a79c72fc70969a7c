import { StringDecoder } from 'node:string_decoder';

/**
 * A small push parser for the XML parts of an XLSX file: elements (local
 * names, namespace prefixes dropped), attributes and text, fed chunk by
 * chunk so a part is never held whole. No DTDs (refused, so no entity
 * expansion), no namespaces beyond dropping prefixes, no validation:
 * enough for SpreadsheetML, nothing more. A handler may throw to stop.
 */
export interface XmlHandlers {
  open?(name: string, attrs: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/** What one unfinished token (a tag, a text run, a comment) may grow to. */
const MAX_PENDING = 4 * 1024 * 1024;

export class XmlFormatError extends Error {}

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (whole, e: string) => {
    if (e[0] !== '#') return NAMED[e] ?? whole;
    const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

const ATTR = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export class XmlScanner {
  private buf = '';
  private readonly decoder = new StringDecoder('utf8');

  constructor(private readonly h: XmlHandlers) {}

  write(chunk: Buffer): void {
    this.buf += this.decoder.write(chunk);
    this.pump();
    if (this.buf.length > MAX_PENDING) throw new XmlFormatError('an XML token is too long');
  }

  end(): void {
    this.buf += this.decoder.end();
    this.pump();
    if (this.buf.trim().length > 0) throw new XmlFormatError('the XML ends inside a tag');
  }

  private pump(): void {
    const b = this.buf;
    let i = 0;
    while (i < b.length) {
      if (b[i] !== '<') {
        const lt = b.indexOf('<', i);
        if (lt === -1) break; // the rest of this text run is still to come
        this.h.text?.(decodeEntities(b.slice(i, lt)));
        i = lt;
        continue;
      }
      const next = b[i + 1];
      if (next === undefined) break;
      if (next === '!') {
        if (b.length - i < 9) break;
        if (b.startsWith('<!--', i)) {
          const end = b.indexOf('-->', i + 4);
          if (end === -1) break;
          i = end + 3;
        } else if (b.startsWith('<![CDATA[', i)) {
          const end = b.indexOf(']]>', i + 9);
          if (end === -1) break;
          this.h.text?.(b.slice(i + 9, end));
          i = end + 3;
        } else throw new XmlFormatError('document type declarations are not allowed');
        continue;
      }
      if (next === '?') {
        const end = b.indexOf('?>', i + 2);
        if (end === -1) break;
        i = end + 2;
        continue;
      }
      // A tag: its end is the first '>' outside a quoted attribute value.
      let j = i + 1;
      let quote = '';
      for (; j < b.length; j++) {
        const c = b[j];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      if (j >= b.length) break;
      this.tag(b.slice(i + 1, j));
      i = j + 1;
    }
    this.buf = i === 0 ? b : b.slice(i);
  }

  private tag(inner: string): void {
    if (inner[0] === '/') {
      this.h.close?.(localName(inner.slice(1).trim()));
      return;
    }
    const selfClosing = inner.endsWith('/');
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const space = body.search(/\s/);
    const name = localName(space === -1 ? body : body.slice(0, space));
    if (!name) throw new XmlFormatError('an element has no name');
    const attrs: Record<string, string> = {};
    if (space !== -1) {
      for (const m of body.slice(space).matchAll(ATTR))
        attrs[localName(m[1]!)] = decodeEntities(m[2] ?? m[3] ?? '');
    }
    this.h.open?.(name, attrs);
    if (selfClosing) this.h.close?.(name);
  }
}
