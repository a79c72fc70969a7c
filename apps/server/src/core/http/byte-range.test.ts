import { describe, expect, it } from 'vitest';
import { byteRange } from './byte-range.ts';

describe('byteRange', () => {
  it('reads the three forms of a single range', () => {
    expect(byteRange('bytes=0-4', 10)).toEqual({ start: 0, end: 4 });
    expect(byteRange('bytes=6-', 10)).toEqual({ start: 6, end: 9 });
    expect(byteRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(byteRange('bytes=5-99', 10)).toEqual({ start: 5, end: 9 });
  });
  it('ignores what it does not serve, and refuses what cannot be served', () => {
    expect(byteRange(undefined, 10)).toBeNull();
    expect(byteRange('bytes=0-1,4-5', 10)).toBeNull();
    expect(byteRange('items=0-1', 10)).toBeNull();
    expect(byteRange('bytes=-', 10)).toBeNull();
    expect(byteRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(byteRange('bytes=5-2', 10)).toBe('unsatisfiable');
  });
});
