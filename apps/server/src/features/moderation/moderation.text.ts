/**
 * How banned words are matched: both the phrase and the text become a list of words, NFKC
 * (compatibility forms such as full-width letters or ligatures read as their plain letters),
 * without diacritics ("café" is "cafe"), lower case; anything that is not a letter or a digit
 * separates words. A phrase matches when its words appear in a row in the text's, so a banned
 * "ass" never matches "class" or "assessment", and "bad  WORD" matches "Bad-word!".
 */

const NOT_WORD = /[^\p{L}\p{N}]+/u;
const MARKS = /\p{M}+/gu;

/** The words of a text as they are compared. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(MARKS, '')
    .normalize('NFC')
    .toLowerCase()
    .split(NOT_WORD)
    .filter((w) => w.length > 0);
}

/** A phrase as stored and compared: its words, one space apart ('' when it has none). */
export const normalisePhrase = (phrase: string): string => wordsOf(phrase).join(' ');

/** The normalised phrases (as normalisePhrase gives them) that occur in the text, whole words. */
export function matchingPhrases(text: string, phrases: readonly string[]): string[] {
  if (phrases.length === 0) return [];
  const haystack = ` ${wordsOf(text).join(' ')} `;
  return phrases.filter((p) => p !== '' && haystack.includes(` ${p} `));
}
