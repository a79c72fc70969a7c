import type { TActivity } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { moduleLabel, signInChannel, timePerModule } from './activity-summary.ts';

function entry(overrides: Partial<TActivity>): TActivity {
  return {
    id: 1,
    user: 7,
    username: 'lena',
    kind: 'module_time',
    login_from: 'web',
    module: 'courses',
    time_spent: 60,
    ip: null,
    created_at: '2026-03-10T12:00:00Z',
    ...overrides,
  };
}

describe('timePerModule', () => {
  it('adds up the time of each module, largest first, ignoring other kinds', () => {
    const totals = timePerModule([
      entry({ module: 'courses', time_spent: 120 }),
      entry({ module: 'dashboard', time_spent: 30 }),
      entry({ module: 'courses', time_spent: 60 }),
      entry({ kind: 'sign_in', module: null, time_spent: null }),
    ]);
    expect(totals).toEqual([
      { module: 'courses', seconds: 180 },
      { module: 'dashboard', seconds: 30 },
    ]);
  });

  it('keeps only the largest modules', () => {
    const many = ['a', 'b', 'c'].map((module, i) => entry({ module, time_spent: (i + 1) * 10 }));
    expect(timePerModule(many, 2).map((total) => total.module)).toEqual(['c', 'b']);
  });
});

describe('labels', () => {
  it('names modules and sign-in channels for people', () => {
    expect(moduleLabel('learning-path')).toBe('Learning path');
    expect(signInChannel('sso')).toBe('Single sign-on');
    expect(signInChannel('sa')).toBe('Super admin portal');
    expect(signInChannel(null)).toBe('Unknown');
  });
});
