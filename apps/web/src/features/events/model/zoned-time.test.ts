import { describe, expect, it } from 'vitest';
import { formatRange, instantToLocal, localToInstant, zonesDiffer } from './zoned-time.ts';

describe('localToInstant', () => {
  it.each([
    // Europe/London springs forward on 2026-03-29 at 01:00 GMT.
    ['2026-03-28T09:00', 'Europe/London', '2026-03-28T09:00:00Z'],
    ['2026-03-29T09:00', 'Europe/London', '2026-03-29T08:00:00Z'],
    ['2026-03-29T00:30', 'Europe/London', '2026-03-29T00:30:00Z'],
    // 01:30 does not exist that night: just after the gap (02:30 BST), as the server does.
    ['2026-03-29T01:30', 'Europe/London', '2026-03-29T01:30:00Z'],
    ['2026-03-29T02:00', 'Europe/London', '2026-03-29T01:00:00Z'],
    // Autumn: 01:30 happens twice; the second (GMT) one, as the server does.
    ['2026-10-25T01:30', 'Europe/London', '2026-10-25T01:30:00Z'],
    ['2026-10-25T09:00', 'Europe/London', '2026-10-25T09:00:00Z'],
    ['2026-07-01T09:00', 'America/New_York', '2026-07-01T13:00:00Z'],
    ['2026-01-15T09:00', 'America/New_York', '2026-01-15T14:00:00Z'],
    ['2026-01-15T09:00', 'Asia/Kolkata', '2026-01-15T03:30:00Z'],
    ['2026-01-15T09:00', 'UTC', '2026-01-15T09:00:00Z'],
  ])('%s in %s is %s', (local, zone, instant) => {
    expect(localToInstant(local, zone)).toBe(instant);
  });

  it.each([[''], ['2026-02-30T09:00'], ['2026-13-01T09:00'], ['2026-01-01T24:00'], ['09:00']])(
    'answers null for %j',
    (local) => {
      expect(localToInstant(local, 'Europe/London')).toBeNull();
    },
  );

  it('answers null for a zone the runtime does not know', () => {
    expect(localToInstant('2026-01-01T09:00', 'Mars/Olympus')).toBeNull();
  });
});

describe('instantToLocal', () => {
  it.each([
    ['2026-03-28T09:00:00Z', 'Europe/London', '2026-03-28T09:00'],
    ['2026-03-29T08:00:00Z', 'Europe/London', '2026-03-29T09:00'],
    ['2026-03-29T01:30:00Z', 'Europe/London', '2026-03-29T02:30'],
    ['2026-07-01T13:00:00.000Z', 'America/New_York', '2026-07-01T09:00'],
    ['2026-01-15T20:00:00Z', 'Asia/Tokyo', '2026-01-16T05:00'],
  ])('%s in %s reads %s', (instant, zone, local) => {
    expect(instantToLocal(instant, zone)).toBe(local);
  });

  it('round-trips every hour of the spring-forward day but the skipped one', () => {
    for (let h = 0; h < 24; h++) {
      const local = `2026-03-29T${String(h).padStart(2, '0')}:15`;
      const back = instantToLocal(localToInstant(local, 'Europe/London') ?? '', 'Europe/London');
      expect(back).toBe(h === 1 ? '2026-03-29T02:15' : local);
    }
  });
});

describe('zonesDiffer', () => {
  it.each([
    ['Europe/London', 'Europe/London', false],
    ['Europe/London', 'Europe/Lisbon', false],
    ['Europe/London', 'Europe/Paris', true],
  ])('%s vs %s: %s', (a, b, differ) => {
    expect(zonesDiffer(new Date('2026-06-01T12:00:00Z'), a, b)).toBe(differ);
  });
});

describe('formatRange', () => {
  it('writes one day with both times, in the given zone', () => {
    expect(
      formatRange('2026-03-03T09:00:00Z', '2026-03-03T10:30:00Z', {
        locale: 'en-GB',
        timeZone: 'UTC',
      }),
    ).toBe('Tue, 3 Mar 2026, 09:00–10:30');
  });

  it('adds the end’s day when it is another', () => {
    expect(
      formatRange('2026-03-03T22:00:00Z', '2026-03-04T01:00:00Z', {
        locale: 'en-GB',
        timeZone: 'UTC',
      }),
    ).toBe('Tue, 3 Mar 2026, 22:00 – Wed, 4 Mar 2026, 01:00');
  });
});
