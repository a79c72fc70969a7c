import { describe, expect, it } from 'vitest';
import { selectedFrom } from './messages.page.tsx';

describe('the open conversation in the URL', () => {
  it('reads ?c= as a positive id and anything else as none', () => {
    const of = (query: string) => selectedFrom(new URLSearchParams(query));
    expect(of('c=12')).toBe(12);
    expect([of(''), of('c=0'), of('c=-3'), of('c=1.5'), of('c=abc')]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
