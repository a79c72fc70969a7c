import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const now = Date.parse('2026-03-10T12:00:00Z');

describe('formatRelativeTime', () => {
  it.each([
    ['2026-03-10T11:59:30Z', 'just now'],
    ['2026-03-10T11:55:00Z', '5 minutes ago'],
    ['2026-03-10T09:00:00Z', '3 hours ago'],
    ['2026-03-09T12:00:00Z', 'yesterday'],
    ['2026-02-20T12:00:00Z', '2 weeks ago'],
  ])('describes %s as %s', (iso, expected) => {
    expect(formatRelativeTime(iso, now, 'en')).toBe(expected);
  });

  it('gives nothing for an unreadable timestamp', () => {
    expect(formatRelativeTime('not a date', now, 'en')).toBe('');
  });
});
