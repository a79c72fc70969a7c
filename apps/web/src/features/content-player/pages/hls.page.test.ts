import { describe, expect, it } from 'vitest';
import { fileIdFrom } from './hls.page.tsx';

describe('fileIdFrom', () => {
  it('reads a positive id and nothing else', () => {
    expect(fileIdFrom(new URLSearchParams('file=42'))).toBe(42);
    for (const bad of [
      '',
      'file=',
      'file=0',
      'file=-3',
      'file=4.2',
      'file=abc',
      'file=99999999999',
    ])
      expect(fileIdFrom(new URLSearchParams(bad))).toBeNull();
  });
});
