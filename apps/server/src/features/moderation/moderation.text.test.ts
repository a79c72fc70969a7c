import { describe, expect, it } from 'vitest';
import { matchingPhrases, normalisePhrase, wordsOf } from './moderation.text.ts';

describe('banned-word matching', () => {
  const banned = ['ass', 'bad word', 'cafe'].map(normalisePhrase);

  it.each([
    ['You ASS', ['ass']],
    ['ass.', ['ass']],
    ['a class on assessment', []],
    ['passing the glass', []],
    ['This is a BAD   word!', ['bad word']],
    ['bad-word', ['bad word']],
    ['badword', []],
    ['bad words', []],
    ['Meet at the Café', ['cafe']],
    ['Meet at the CAFÉ', ['cafe']],
    // NFKC: full-width letters read as plain ones.
    ['ｃａｆｅ time', ['cafe']],
    // Decomposed accent (e + combining acute).
    ['cafe\u0301', ['cafe']],
    ['cafeteria', []],
    ['', []],
  ])('%j matches %j', (text, expected) => {
    expect(matchingPhrases(text, banned)).toEqual(expected);
  });

  it('normalises phrases the way texts are read', () => {
    expect(normalisePhrase('  Bad   WORD ')).toBe('bad word');
    expect(normalisePhrase('Crème brûlée')).toBe('creme brulee');
    expect(normalisePhrase('!!!')).toBe('');
    expect(wordsOf("don't")).toEqual(['don', 't']);
  });

  it('matches phrases of non-Latin scripts as words too', () => {
    expect(matchingPhrases('Это плохо слово', [normalisePhrase('ПЛОХО')])).toEqual(['плохо']);
  });
});
