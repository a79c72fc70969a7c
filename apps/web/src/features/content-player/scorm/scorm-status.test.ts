import type { TScormSco } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { formatScore } from './scorm-report.tsx';
import {
  formatSeconds,
  initialSco,
  isDone,
  neighbourSco,
  rememberedSco,
  rememberSco,
} from './scorm-status.ts';

const sco = (identifier: string, position: number): TScormSco => ({
  id: position,
  identifier,
  title: identifier,
  parent: null,
  depth: 0,
  position,
  launchable: true,
  scorm_type: 'sco',
  launch_url: `/x/${identifier}.html`,
});
const scos = [sco('a', 1), sco('b', 2), sco('c', 3)];

describe('initialSco', () => {
  it('resumes the remembered SCO, else the first not done, else the first', () => {
    expect(initialSco(scos, new Map(), 'b')).toBe('b');
    expect(initialSco(scos, new Map([['a', 'completed']]), 'gone')).toBe('b');
    expect(
      initialSco(
        scos,
        new Map([
          ['a', 'passed'],
          ['b', 'completed'],
          ['c', 'completed'],
        ]),
        null,
      ),
    ).toBe('a');
    expect(initialSco([], new Map(), 'a')).toBeNull();
  });
});

describe('neighbourSco', () => {
  it('steps within the package and stops at its ends', () => {
    expect(neighbourSco(scos, 'a', 1)).toBe('b');
    expect(neighbourSco(scos, 'a', -1)).toBeNull();
    expect(neighbourSco(scos, 'c', 1)).toBeNull();
  });
  it('skips SCOs whose prerequisites are not met', () => {
    expect(neighbourSco(scos, 'a', 1, new Set(['b']))).toBe('c');
    expect(neighbourSco(scos, 'a', 1, new Set(['b', 'c']))).toBeNull();
    expect(initialSco(scos, new Map([['a', 'completed']]), null, new Set(['b']))).toBe('c');
    expect(initialSco(scos, new Map(), 'b', new Set(['b']))).toBe('a');
  });
});

describe('isDone', () => {
  it('does not count completed + failed (2004 status failed) as done', () => {
    expect(isDone('failed')).toBe(false);
    expect(isDone('passed')).toBe(true);
    expect(isDone('completed')).toBe(true);
    expect(isDone('incomplete')).toBe(false);
  });
});

describe('formatSeconds', () => {
  it('reads as a duration', () => {
    expect(formatSeconds(12)).toBe('12 s');
    expect(formatSeconds(249)).toBe('4 min 09 s');
    expect(formatSeconds(3900)).toBe('1 h 05 min');
  });
});

describe('remembered SCO', () => {
  it('is kept per module file', () => {
    rememberSco(7, 'b');
    expect(rememberedSco(7)).toBe('b');
    expect(rememberedSco(8)).toBeNull();
  });
});

describe('formatScore', () => {
  it('shows raw over max, else the scaled percentage, else a dash', () => {
    expect(formatScore({ raw: 85, max: 100, scaled: null })).toBe('85 / 100');
    expect(formatScore({ raw: 7, max: null, scaled: null })).toBe('7');
    expect(formatScore({ raw: null, max: null, scaled: 0.755 })).toBe('76%');
    expect(formatScore({ raw: null, max: null, scaled: null })).toBe('—');
  });
});
