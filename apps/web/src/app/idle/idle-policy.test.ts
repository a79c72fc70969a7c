import { describe, expect, it } from 'vitest';
import { idlePolicy } from './idle-policy.ts';

describe('idlePolicy', () => {
  it('prompts after 10 minutes, checked every 60 s with mouse events throttled at 300 ms', () => {
    expect(idlePolicy(undefined)).toEqual({
      mode: 'prompt',
      idleAfterMs: 600_000,
      checkEveryMs: 60_000,
      activityThrottleMs: 300,
    });
  });

  it("follows the organisation's mode and minutes", () => {
    expect(idlePolicy({ mode: 'prompt', minutes: 2 })).toMatchObject({
      mode: 'prompt',
      idleAfterMs: 120_000,
    });
    expect(idlePolicy({ mode: 'logout', minutes: 30 })).toMatchObject({
      mode: 'logout',
      idleAfterMs: 1_800_000,
    });
  });

  it("falls back to the mode's default for minutes that make no sense", () => {
    expect(idlePolicy({ mode: 'logout', minutes: 0 }).idleAfterMs).toBe(1_800_000);
    expect(idlePolicy({ mode: 'prompt', minutes: -5 }).idleAfterMs).toBe(600_000);
  });

  it('caps very long limits at a day, which the timer can still represent', () => {
    expect(idlePolicy({ mode: 'prompt', minutes: 10_000_000 }).idleAfterMs).toBe(86_400_000);
  });
});
