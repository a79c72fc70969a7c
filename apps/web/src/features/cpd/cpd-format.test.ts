import { ROLE } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  categoryProgress,
  cycleLabel,
  cycleLastDay,
  cycleParam,
  evidenceProblem,
  formatAmount,
  localToday,
  pickTab,
  progressPercent,
  remaining,
  shortCycleLabel,
  visibleTabs,
} from './cpd-format.ts';

const april = { start: '2026-04-01T00:00:00.000Z', end: '2027-04-01T00:00:00.000Z' };
const calendarYear = { start: '2026-01-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' };
const quarter = { start: '2026-10-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' };

describe('progressPercent', () => {
  it.each([
    [0, 20, 0],
    [12.5, 20, 62],
    [19.9, 20, 99],
    [20, 20, 100],
    [35, 20, 100],
    [5, null, null],
    [5, 0, null],
  ])('%s of %s → %s', (value, target, expected) => {
    expect(progressPercent(value, target)).toBe(expected);
  });
});

describe('remaining and categoryProgress', () => {
  it.each([
    [12.5, 20, 7.5],
    [20, 20, 0],
    [25, 20, 0],
    [0.1 + 0.2, 1, 0.7],
  ])('%s toward %s leaves %s', (value, target, expected) => {
    expect(remaining(value, target)).toBe(expected);
  });

  it('says whether a minimum is met and what is missing', () => {
    expect(categoryProgress({ earned: 4, minimum: 10 })).toEqual({
      percent: 40,
      met: false,
      missing: 6,
    });
    expect(categoryProgress({ earned: 12, minimum: 10 })).toEqual({
      percent: 100,
      met: true,
      missing: 0,
    });
    expect(categoryProgress({ earned: 0, minimum: 0 })).toMatchObject({ percent: null, met: true });
  });
});

describe('formatAmount', () => {
  it.each([
    [1, 'hours', '1 hour'],
    [2.5, 'hours', '2.5 hours'],
    [0, 'hours', '0 hours'],
    [1, 'points', '1 point'],
    [12.345, 'points', '12.35 points'],
  ] as const)('%s %s → %s', (value, unit, expected) => {
    expect(formatAmount(value, unit)).toBe(expected);
  });
});

describe('cycle labels', () => {
  it('shows the last day of a cycle, its end being exclusive', () => {
    expect(cycleLastDay(april).slice(0, 10)).toBe('2027-03-31');
    expect(cycleLabel(april, 'en-GB')).toBe('1 Apr 2026 – 31 Mar 2027');
    expect(cycleLabel(quarter, 'en-GB')).toBe('1 Oct 2026 – 31 Dec 2026');
  });

  it.each([
    [calendarYear, '2026'],
    [april, 'Apr 2026'],
    [quarter, 'Oct 2026'],
  ])('ticks %o as %s', (cycle, expected) => {
    expect(shortCycleLabel(cycle, 'en-GB')).toBe(expected);
  });

  it('names a cycle by its first day in the query', () => {
    expect(cycleParam(april)).toBe('2026-04-01');
  });

  it('gives today in the user’s own calendar', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('evidenceProblem', () => {
  const MB = 1024 * 1024;
  it.each([
    ['certificate.pdf', 2 * MB, null],
    ['scan.PNG', 1000, null],
    ['photo.jpg', 1000, null],
    ['photo.jpeg', 1000, null],
    ['notes.docx', 1000, null],
    ['notes.doc', 1000, 'notes.doc is not a PDF, PNG, JPG, JPEG or DOCX file.'],
    ['script.exe', 1000, 'script.exe is not a PDF, PNG, JPG, JPEG or DOCX file.'],
    ['empty.pdf', 0, 'empty.pdf is empty.'],
    ['huge.pdf', 21 * MB, 'huge.pdf is 21 MB; the limit is 20 MB.'],
  ])('%s (%s bytes) → %s', (name, size, expected) => {
    expect(evidenceProblem({ name, size })).toBe(expected);
  });
});

describe('the /cpd tabs', () => {
  it('shows admins every tab, others their CPD and the events', () => {
    expect(visibleTabs(ROLE.ADMIN)).toEqual(['mine', 'events', 'types', 'scheme', 'people']);
    expect(visibleTabs(ROLE.SUPERADMIN)).toHaveLength(5);
    expect(visibleTabs(ROLE.TRAINER)).toEqual(['mine', 'events']);
    expect(visibleTabs(ROLE.LEARNER)).toEqual(['mine', 'events']);
  });

  it.each([
    [{ tab: null, event: null }, ROLE.LEARNER, 'mine'],
    [{ tab: 'events', event: null }, ROLE.LEARNER, 'events'],
    [{ tab: 'scheme', event: null }, ROLE.LEARNER, 'mine'],
    [{ tab: 'scheme', event: null }, ROLE.ADMIN, 'scheme'],
    [{ tab: 'nonsense', event: null }, ROLE.ADMIN, 'mine'],
    [{ tab: 'people', event: '42' }, ROLE.ADMIN, 'events'],
    [{ tab: null, event: '42' }, ROLE.LEARNER, 'events'],
  ])('%o as role %s opens %s', (params, role, expected) => {
    expect(pickTab(params, role)).toBe(expected);
  });
});
