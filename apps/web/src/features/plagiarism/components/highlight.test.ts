import { describe, expect, it } from 'vitest';
import { pieces } from './highlight.ts';

describe('pieces', () => {
  it('cuts a text around its passages in order', () => {
    expect(
      pieces('abcdefghij', [
        { start: 6, end: 8, passage: 1 },
        { start: 1, end: 3, passage: 0 },
      ]),
    ).toEqual([
      { text: 'a', passage: null },
      { text: 'bc', passage: 0 },
      { text: 'def', passage: null },
      { text: 'gh', passage: 1 },
      { text: 'ij', passage: null },
    ]);
  });

  it('never repeats characters of overlapping passages and clips past the end', () => {
    expect(
      pieces('abcdef', [
        { start: 0, end: 4, passage: 0 },
        { start: 2, end: 10, passage: 1 },
      ]),
    ).toEqual([
      { text: 'abcd', passage: 0 },
      { text: 'ef', passage: 1 },
    ]);
  });

  it('keeps a text without passages whole', () => {
    expect(pieces('plain', [])).toEqual([{ text: 'plain', passage: null }]);
  });
});
