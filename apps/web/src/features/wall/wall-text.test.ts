import { describe, expect, it } from 'vitest';
import { ADA, SAM } from './test-wall.ts';
import { firstLink, insertMention, mentionAtCaret, splitPostText } from './wall-text.ts';

describe('splitPostText', () => {
  it('links the resolved mentions, hashtags and links, and leaves the rest as text', () => {
    const parts = splitPostText(
      'Thanks @ada and @nobody for #FirstAid! See https://example.org/a#b, mail x@ada.org',
      [ADA],
    );
    expect(parts).toEqual([
      { kind: 'text', text: 'Thanks ' },
      { kind: 'mention', text: '@ada', person: ADA },
      { kind: 'text', text: ' and @nobody for ' },
      { kind: 'hashtag', text: '#FirstAid', tag: 'firstaid' },
      { kind: 'text', text: '! See ' },
      { kind: 'link', text: 'https://example.org/a#b', href: 'https://example.org/a#b' },
      { kind: 'text', text: ', mail x@ada.org' },
    ]);
  });

  it('matches usernames whatever their case, with dots inside', () => {
    expect(splitPostText('@Sam.K.', [SAM]).map((p) => p.kind)).toEqual(['mention', 'text']);
  });
});

describe('mentions while typing', () => {
  it('finds the @name just before the caret, not an address', () => {
    expect(mentionAtCaret('Hi @ad', 6)).toEqual({ start: 3, query: 'ad' });
    expect(mentionAtCaret('mail x@ad', 9)).toBeNull();
    expect(mentionAtCaret('Hi @ad there', 12)).toBeNull();
  });

  it('replaces the query with the username and puts the caret after it', () => {
    expect(insertMention('Hi @ad there', { start: 3, query: 'ad' }, 'ada')).toEqual({
      text: 'Hi @ada there',
      caret: 8,
    });
  });

  it('finds the first link as the server previews it', () => {
    expect(firstLink('see https://a.example/x). and http://b.example')).toBe('https://a.example/x');
    expect(firstLink('no link')).toBeNull();
  });
});
