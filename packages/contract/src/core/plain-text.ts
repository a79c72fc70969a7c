import { z } from 'zod';

/**
 * The one rule for plain-text fields (names, titles, bios, messages, FAQs,
 * reviews, discussions, feedback…): a value that a browser would read as
 * markup is refused rather than stored, so no API client ever receives HTML
 * it might render. Only course descriptions are rich text; the server
 * sanitises those instead.
 *
 * Markup is what the HTML tokenizer treats as the start of a tag: `<`
 * followed by an ASCII letter (start tag), `/` (end tag), `!` (comment,
 * doctype, CDATA) or `?` (processing instruction, read as a comment). A lone
 * `<` as in "2 < 3", "<3" or "a <= b" stays allowed.
 */
export const MARKUP_PATTERN = /<[A-Za-z/!?]/;
export const PLAIN_TEXT_MESSAGE = 'Must be plain text (no HTML tags).';

export const hasMarkup = (value: string): boolean => MARKUP_PATTERN.test(value);

/**
 * A string schema that refuses markup with PLAIN_TEXT_MESSAGE. Chain the
 * field's own rules after it (`plainText().trim().max(200)`), or pass a
 * string schema that carries its own messages (`plainText(z.string({error}))`).
 * The web's forms run the same schema, so they show the same field error.
 */
export function plainText<T extends z.ZodString>(base?: T): T {
  const schema = (base ?? z.string()) as T;
  return schema.refine((v) => !hasMarkup(v), PLAIN_TEXT_MESSAGE) as T;
}

/** The same rule for forms that keep their text in plain React state: the message, or undefined. */
export const plainTextError = (value: string): string | undefined =>
  hasMarkup(value) ? PLAIN_TEXT_MESSAGE : undefined;
