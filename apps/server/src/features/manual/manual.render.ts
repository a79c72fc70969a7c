import type { TManualHeading } from '@atrium/contract';
import { Parser } from 'htmlparser2';
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * A manual page's Markdown made into the HTML the web shows. The pages live in the repository,
 * but the HTML is still sanitised like any rich text (spec §4): a slip in a page (or a pasted
 * snippet) must never run script in a staff member's browser. The allow-list is wider than
 * core/text's rich-text one on purpose: the manual needs deeper headings with ids (deep links),
 * tables and keyboard keys, which the editor-bound list leaves out.
 */

const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'code',
    'pre',
    'kbd',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    a: ['href', 'title'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // Anything outside the list is dropped; script and style lose their content too.
  disallowedTagsMode: 'discard',
};

/** An anchor from a heading's text: lower case, words joined by hyphens. */
export function anchorOf(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

/** A stretch of the page's text under one heading (null before the first), for search. */
export interface ManualSection {
  anchor: string | null;
  text: string;
}

export interface RenderedPage {
  html: string;
  headings: TManualHeading[];
  /** The page's plain text, section by section, as a reader sees it. */
  sections: ManualSection[];
}

export function renderManualMarkdown(markdown: string): RenderedPage {
  const headings: TManualHeading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      // The page title is the page's own <h1>: the body's headings start at h2, at most h4.
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token) {
        const level = Math.min(4, Math.max(2, token.depth));
        const text = plainText(this.parser.parseInline(token.tokens));
        const base = anchorOf(text);
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen + 1}`;
        headings.push({ id, text, level });
        return `<h${level} id="${id}">${this.parser.parseInline(token.tokens)}</h${level}>\n`;
      },
    },
  });
  const raw = marked.parse(markdown, { async: false });
  const html = sanitizeHtml(raw, SANITISE);
  const kept = new Set(headings.map((h) => h.id));
  return { html, headings, sections: sectionsOf(html, kept) };
}

/** The text of an HTML fragment, entities decoded and white space collapsed. */
export function plainText(html: string): string {
  let text = '';
  const parser = new Parser({ ontext: (chunk) => (text += chunk) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return text.replace(/\s+/g, ' ').trim();
}

function sectionsOf(html: string, anchors: ReadonlySet<string>): ManualSection[] {
  const sections: ManualSection[] = [{ anchor: null, text: '' }];
  let current = sections[0] as ManualSection;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (/^h[2-4]$/.test(name) && attribs.id && anchors.has(attribs.id)) {
          current = { anchor: attribs.id, text: '' };
          sections.push(current);
        } else if (name !== 'a' && name !== 'code' && name !== 'strong' && name !== 'em') {
          // Block boundaries become spaces, so words of two paragraphs never run together.
          current.text += ' ';
        }
      },
      ontext(chunk) {
        current.text += chunk;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return sections
    .map((s) => ({ anchor: s.anchor, text: s.text.replace(/\s+/g, ' ').trim() }))
    .filter((s) => s.text.length > 0 || s.anchor !== null);
}
