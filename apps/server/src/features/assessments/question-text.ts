import { QUESTION_IMAGE_SRC, type TQuestionDefinition } from '@atrium/contract';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../../core/errors/app-error.ts';
import { sanitiseRichText } from '../../core/text/sanitise.ts';

/**
 * The rich-text fields of a question definition (stem, feedback, option and entry texts, the
 * fill-in text) go through the one sanitiser before they are stored, so any client may render a
 * stored definition as HTML. Plain fields (accepted answers, rubric titles) are compared or shown
 * as text and stay as given. Rich fields may show images, only question images (whose
 * organisation question-images.ts checks when the version is written).
 */

const questionImages = { imageSrc: (src: string) => QUESTION_IMAGE_SRC.test(src) };
const clean = (html: string) => sanitiseRichText(html, questionImages);

type Path = (string | number)[];

/**
 * The definition with every rich field sanitised. A field that held nothing but markup is empty
 * afterwards: that is refused with a field error (400) rather than stored as a blank question.
 */
export function sanitiseDefinition(def: TQuestionDefinition): TQuestionDefinition {
  const blanks: Record<string, string[]> = {};
  const rich = (html: string, path: Path) => {
    const out = clean(html);
    if (out === '') blanks[['definition', ...path].join('.')] = ['Enter some text here.'];
    return out;
  };
  const optional = clean;
  const texts = <T extends { text: string }>(list: T[], key: string): T[] =>
    list.map((e, i) => ({ ...e, text: rich(e.text, [key, i, 'text']) }));

  const common = {
    stem: rich(def.stem, ['stem']),
    feedback: {
      general: optional(def.feedback.general),
      correct: optional(def.feedback.correct),
      incorrect: optional(def.feedback.incorrect),
    },
  };
  let out: TQuestionDefinition;
  switch (def.type) {
    case 'single_choice':
    case 'multiple_choice':
      out = { ...def, ...common, options: texts(def.options, 'options') };
      break;
    case 'matching':
      out = {
        ...def,
        ...common,
        premises: texts(def.premises, 'premises'),
        responses: texts(def.responses, 'responses'),
      };
      break;
    case 'ordering':
      out = { ...def, ...common, items: texts(def.items, 'items') };
      break;
    case 'fill_in_blanks':
      out = { ...def, ...common, text: rich(def.text, ['text']) };
      break;
    default:
      out = { ...def, ...common };
  }
  if (Object.keys(blanks).length > 0) {
    throw badRequest('Some text was empty once its markup was removed.', blanks);
  }
  return out;
}

/**
 * The uuids of the question images a (sanitised) definition refers to, each once: its images,
 * and any link to one (which must be the organisation's too).
 */
export function imageUuidsOf(def: TQuestionDefinition): string[] {
  const found = new Set<string>();
  const addresses = new RegExp(QUESTION_IMAGE_SRC.source.slice(1, -1), 'g');
  for (const m of JSON.stringify(def).matchAll(addresses)) found.add(m[1]!);
  return [...found];
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The stem as plain text for the bank's search: tags dropped, entities read, spaces folded. */
export function stemText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|li|h2|h3|blockquote)>|<br\s*\/?>/gi, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 10_000);
}
