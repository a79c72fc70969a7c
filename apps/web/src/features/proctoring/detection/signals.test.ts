import { describe, expect, it } from 'vitest';
import { createSignals, detailText, type Flag, type SignalsOptions } from './signals.ts';
import type { DetectionResult } from './types.ts';

const base: Omit<DetectionResult, 'at'> = {
  faces: 1,
  faceConfidence: 0.9,
  lookingAway: false,
  yaw: 2,
  pitch: -5,
  eyeOffset: 0,
  phone: false,
  phoneConfidence: 0,
  persons: 1,
  otherPerson: false,
  otherPersonConfidence: 0,
  durationMs: 80,
};

/** One character a frame: what the camera saw. */
const FRAMES: Record<string, Partial<DetectionResult>> = {
  '.': {},
  '0': { faces: 0, faceConfidence: 0, yaw: null, pitch: null, eyeOffset: null, persons: 0 },
  '2': { faces: 2 },
  a: { lookingAway: true, yaw: 45 },
  p: { phone: true, phoneConfidence: 0.8 },
  o: { persons: 2, otherPerson: true, otherPersonConfidence: 0.6 },
  // The object model skipped this frame.
  '-': {
    phone: null,
    phoneConfidence: null,
    persons: null,
    otherPerson: null,
    otherPersonConfidence: null,
  },
};

/** Feeds `frames` 500 ms apart (2 fps) and returns the flags as [type, ms from the first frame]. */
function run(frames: string, options?: SignalsOptions): [string, number, number][] {
  const signals = createSignals(options);
  const flags: Flag[] = [];
  [...frames].forEach((char, i) => {
    flags.push(...signals.pushDetection({ ...base, ...FRAMES[char], at: 1_000_000 + i * 500 }));
  });
  return flags.map((flag) => [flag.type, flag.at - 1_000_000, flag.confidence]);
}

describe('signals from detection results', () => {
  it.each([
    ['one missed frame', '0', []],
    ['missed frames between found ones', '.0.0.0.0.0.0.0.0.0.0.0.', []],
    ['no face for 4.5 s', '0'.repeat(10), []],
    ['no face for 5 s', '0'.repeat(11), [['no_face', 5000, 1]]],
    ['no face for 10 s flags once', '0'.repeat(21), [['no_face', 5000, 1]]],
    // A single face frame neither ends the pending run nor re-arms the signal…
    ['a face glimpsed once', `${'0'.repeat(6)}.${'0'.repeat(4)}`, [['no_face', 5000, 0.91]]],
    ['one face frame after a flag', `${'0'.repeat(11)}.${'0'.repeat(11)}`, [['no_face', 5000, 1]]],
    // …the face back for 1 s over two frames or more does.
    [
      'no face, face back for 1 s, no face again',
      `${'0'.repeat(11)}...${'0'.repeat(11)}`,
      [
        ['no_face', 5000, 1],
        ['no_face', 12000, 1],
      ],
    ],
    ['two faces for 1 s', '222', []],
    ['two faces for 1.5 s', '2222', [['multiple_faces', 1500, 0.9]]],
    ['looking away for 5 s', 'a'.repeat(11), [['looking_away', 5000, 0.9]]],
    ['looking away, then no face', `${'a'.repeat(8)}${'0'.repeat(4)}`, []],
    ['a phone on one frame', 'p', []],
    ['a phone for 1 s', 'ppp', [['phone', 1000, 0.8]]],
    ['a phone on two object runs 3 s apart', 'p-----p', [['phone', 3000, 0.8]]],
    // Over a window as short as 1 s one miss is already too many; the next window flags.
    ['a phone, missed once', 'p.p', []],
    ['a phone, missed once, then seen on', 'pp.ppp', [['phone', 2500, 0.8]]],
    ['skipped object frames alone', '-------', []],
    ['a second person for 1.5 s', 'oooo', [['other_person', 1500, 0.6]]],
  ] as const)('%s', (_, frames, expected) => {
    expect(run(frames)).toEqual(expected);
  });

  it('flags only the enabled signals', () => {
    expect(run(`${'0'.repeat(11)}2222`, { enabled: ['multiple_faces'] })).toEqual([
      ['multiple_faces', 7000, 0.9],
    ]);
  });

  it('takes its thresholds from the options', () => {
    expect(run('aaaaa', { rules: { looking_away: { after: 2000 } } })).toEqual([
      ['looking_away', 2000, 0.9],
    ]);
    expect(run('0'.repeat(11), { rules: { no_face: { after: 8000 } } })).toEqual([]);
  });

  it('reports what was seen in the detail', () => {
    const signals = createSignals();
    const flags = ['a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'].flatMap((char, i) =>
      signals.pushDetection({ ...base, ...FRAMES[char], at: i * 500 }),
    );
    expect(flags[0]?.detail).toEqual({ yaw: 45, pitch: -5, eyeOffset: 0, seconds: 5 });
    expect(detailText(flags[0]!.detail)).toBe('yaw: 45, pitch: -5, eyeOffset: 0, seconds: 5');
  });
});

describe('signals from the browser', () => {
  it.each([
    [
      'leaving the tab flags at once, and again only after coming back',
      [
        ['on', 1000],
        ['on', 1500],
        ['off', 2000],
        ['on', 3000],
      ],
      {},
      [
        ['tab_switch', 1000],
        ['tab_switch', 3000],
      ],
    ],
    [
      'a threshold: away for 2 s flags while still away',
      [
        ['on', 0],
        ['tick', 1000],
        ['tick', 2000],
        ['tick', 3000],
      ],
      { rules: { tab_switch: { after: 2000 } } },
      [['tab_switch', 2000]],
    ],
    [
      'a threshold: a brief switch never flags',
      [
        ['on', 0],
        ['off', 1000],
        ['tick', 3000],
      ],
      { rules: { tab_switch: { after: 2000 } } },
      [],
    ],
  ] as const)('%s', (_, steps, options, expected) => {
    const signals = createSignals(options);
    const flags: Flag[] = [];
    signals.onFlag((flag) => flags.push(flag));
    for (const [step, at] of steps) {
      if (step === 'tick') signals.tick(at);
      else signals.setCondition('tab_switch', step === 'on', at, { reason: 'hidden' });
    }
    expect(flags.map((flag) => [flag.type, flag.at])).toEqual(expected);
  });

  it('flags a burst of copy/paste once, and again after a quiet time', () => {
    const signals = createSignals();
    const flags = [0, 500, 1000, 2900, 5000].flatMap((at) =>
      signals.event('copy_paste', at, { action: 'paste' }),
    );
    expect(flags.map((flag) => [flag.at, flag.detail.action])).toEqual([
      [0, 'paste'],
      [5000, 'paste'],
    ]);
  });

  it('flags a noisy room after 3 s of noise, never a short sound', () => {
    const signals = createSignals({ micThreshold: 0.1 });
    const levels = (level: number, from: number, count: number) =>
      Array.from({ length: count }, (_, i) => signals.pushMicLevel(level, from + i * 200)).flat();
    expect(levels(0.5, 0, 10)).toEqual([]); // 1.8 s
    expect(levels(0.01, 2000, 10)).toEqual([]);
    const flags = levels(0.2, 4000, 16); // 3 s
    expect(flags.map((flag) => [flag.type, flag.at, flag.detail.level])).toEqual([
      ['mic_noise', 7000, 0.2],
    ]);
  });

  it('ignores disabled browser signals', () => {
    const signals = createSignals({ enabled: ['no_face'] });
    expect(signals.setCondition('fullscreen_exit', true, 0)).toEqual([]);
    expect(signals.event('copy_paste', 0)).toEqual([]);
    expect(signals.tick(10_000)).toEqual([]);
  });
});
