import { describe, expect, it } from 'vitest';
import { badgeCount } from './badge-count.ts';

describe('badgeCount', () => {
  it('shows nothing for zero, negative or broken counts', () => {
    expect(badgeCount(0)).toBeNull();
    expect(badgeCount(-3)).toBeNull();
    expect(badgeCount(Number.NaN)).toBeNull();
  });

  it('shows counts up to 99 as they are', () => {
    expect(badgeCount(1)).toBe('1');
    expect(badgeCount(99)).toBe('99');
  });

  it("caps anything above 99 at '99+'", () => {
    expect(badgeCount(100)).toBe('99+');
    expect(badgeCount(12_345)).toBe('99+');
  });
});
