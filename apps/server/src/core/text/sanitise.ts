import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitiser for rich-text fields (today: course descriptions, typed in
 * the web's TipTap editor or imported from a spreadsheet). Every rich field is
 * stored only after passing through here, so any API client may render it as
 * HTML; plain-text fields never get here, they refuse markup in the contract
 * (`plainText()`).
 *
 * The allow-list is what TipTap's StarterKit (as the web configures it)
 * writes, plus the `b`/`i` spellings it reads as bold and italic: nothing else
 * survives a round trip through the editor, so keeping more would only let
 * other clients store what the editor cannot show. Tags outside the list are
 * dropped with their text kept; script, style and similar lose their content
 * too. Attributes are dropped except the few TipTap writes, and links may only
 * point at http(s) or mailto.
 */
const LIST_TYPES = new Set(['1', 'a', 'A', 'i', 'I']);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'h2',
    'h3',
    'ul',
    'ol',
    'li',
    'blockquote',
    'hr',
    'a',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    // Numbered lists that start elsewhere or count in letters or roman numerals (checked below).
    ol: ['start', 'type'],
    // Code blocks carry their language as a class.
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // A link opened from one of our pages must not get a handle on it (window.opener) nor the
    // page's address, nor pass it rank; ugc: the link is user content (discussions, messages).
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow ugc' }),
    ol: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      if (attribs.start && /^-?\d{1,9}$/.test(attribs.start)) kept.start = attribs.start;
      if (attribs.type && LIST_TYPES.has(attribs.type)) kept.type = attribs.type;
      return { tagName, attribs: kept };
    },
  },
};

/**
 * Images are kept only where a field allows them, and only from addresses of Atrium's own (the
 * caller's test: question text allows its question-image URLs). Any other `<img>` is dropped
 * whole, so a stored text never makes a reader's browser fetch from elsewhere.
 */
export interface RichTextOptions {
  imageSrc?: (src: string) => boolean;
}

const withImages = (imageSrc: (src: string) => boolean): sanitizeHtml.IOptions => ({
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags as string[]), 'img'],
  allowedAttributes: { ...OPTIONS.allowedAttributes, img: ['src', 'alt', 'title'] },
  exclusiveFilter: (frame) => frame.tag === 'img' && !imageSrc(frame.attribs.src ?? ''),
});

export function sanitiseRichText(html: string, options: RichTextOptions = {}): string {
  return sanitizeHtml(html, options.imageSrc ? withImages(options.imageSrc) : OPTIONS).trim();
}
