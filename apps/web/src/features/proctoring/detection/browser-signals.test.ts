import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachBrowserSignals } from './browser-signals.ts';
import { createSignals, type Flag } from './signals.ts';

let flags: Flag[];
let detach: () => void;
let clock: number;

function setProperty(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { configurable: true, get: () => value });
}

beforeEach(() => {
  vi.useFakeTimers();
  clock = 1000;
  flags = [];
  const signals = createSignals();
  signals.onFlag((flag) => flags.push(flag));
  detach = attachBrowserSignals(signals, { now: () => clock });
});

afterEach(() => {
  detach();
  vi.useRealTimers();
  for (const name of ['visibilityState', 'fullscreenElement']) {
    Reflect.deleteProperty(document, name);
  }
});

const types = () => flags.map((flag) => [flag.type, flag.detail]);

describe('attachBrowserSignals', () => {
  it('flags one tab switch for the blur and the hiding it comes with', () => {
    window.dispatchEvent(new Event('blur'));
    setProperty(document, 'visibilityState', 'hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(types()).toEqual([['tab_switch', { reason: 'blur', seconds: 0 }]]);

    setProperty(document, 'visibilityState', 'visible');
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    clock = 5000;
    window.dispatchEvent(new Event('blur'));
    expect(flags).toHaveLength(2);
  });

  it('flags leaving full screen, not never having entered it', () => {
    document.dispatchEvent(new Event('fullscreenchange'));
    expect(flags).toHaveLength(0);
    setProperty(document, 'fullscreenElement', document.body);
    document.dispatchEvent(new Event('fullscreenchange'));
    setProperty(document, 'fullscreenElement', null);
    document.dispatchEvent(new Event('fullscreenchange'));
    expect(types()).toEqual([['fullscreen_exit', { seconds: 0 }]]);
  });

  it('flags copy, cut and paste', () => {
    document.body.dispatchEvent(new Event('paste', { bubbles: true }));
    expect(types()).toEqual([['copy_paste', { action: 'paste' }]]);
  });

  it('listens no more once detached', () => {
    detach();
    window.dispatchEvent(new Event('blur'));
    document.dispatchEvent(new Event('copy'));
    expect(flags).toHaveLength(0);
  });
});
