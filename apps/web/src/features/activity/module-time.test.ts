import { describe, expect, it } from 'vitest';
import { ModuleClock, moduleOf } from './module-time.ts';

describe('moduleOf', () => {
  it('names the top-level module of a path as the audit history expects', () => {
    expect(moduleOf('/courses/module/3')).toBe('courses');
    expect(moduleOf('/dashboard')).toBe('dashboard');
    expect(moduleOf('/profile_by_id/7')).toBe('profile-by-id');
    expect(moduleOf('/')).toBeNull();
  });
});

describe('ModuleClock', () => {
  function clockAt(start = 0) {
    let now = start;
    return { clock: new ModuleClock(() => now), advance: (ms: number) => (now += ms) };
  }

  it('reports the whole seconds spent in a module when leaving it', () => {
    const { clock, advance } = clockAt();
    expect(clock.enter('dashboard')).toBeNull();
    advance(90_400);
    expect(clock.enter('courses')).toEqual({ module: 'dashboard', time_spent: 90 });
    advance(5_000);
    expect(clock.pause()).toEqual({ module: 'courses', time_spent: 5 });
  });

  it('does not count time while paused (page hidden) and carries sub-second rests', () => {
    const { clock, advance } = clockAt();
    clock.enter('calendar');
    advance(1_600);
    expect(clock.pause()).toEqual({ module: 'calendar', time_spent: 1 });
    advance(60_000);
    clock.resume();
    advance(500);
    expect(clock.pause()).toEqual({ module: 'calendar', time_spent: 1 });
  });

  it('reports nothing under a second and caps a report at a day', () => {
    const { clock, advance } = clockAt();
    clock.enter('messages');
    advance(400);
    expect(clock.enter(null)).toBeNull();
    clock.enter('messages');
    advance(3 * 86_400_000);
    expect(clock.pause()).toEqual({ module: 'messages', time_spent: 86_400 });
  });
});
