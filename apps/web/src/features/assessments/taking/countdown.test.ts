import { describe, expect, it } from 'vitest';
import {
  describeSeconds,
  formatCountdown,
  localDeadlines,
  secondsLeft,
  warningCrossed,
} from './countdown.ts';

const clock = {
  phase: 'in_progress' as const,
  server_now: '2026-01-01T10:00:00.000Z',
  deadline_at: '2026-01-01T10:10:00.000Z',
  remaining_seconds: 600,
  grace_remaining_seconds: null,
};

describe('countdown', () => {
  it('counts from the server clock, whatever the device clock says', () => {
    // The device is 3 hours ahead of the server: only the time since the response counts.
    const received = Date.parse('2026-01-01T13:00:00.000Z');
    const d = localDeadlines(clock, received);
    expect(secondsLeft(d.deadline, received)).toBe(600);
    expect(secondsLeft(d.deadline, received + 90_500)).toBe(510);
    expect(secondsLeft(d.deadline, received + 700_000)).toBe(0);
  });

  it('falls back to remaining_seconds and is null when untimed', () => {
    const d = localDeadlines({ ...clock, deadline_at: null, remaining_seconds: 30 }, 1000);
    expect(secondsLeft(d.deadline, 1000)).toBe(30);
    const untimed = localDeadlines({ ...clock, deadline_at: null, remaining_seconds: null }, 0);
    expect(secondsLeft(untimed.deadline, 5)).toBeNull();
  });

  it('gives the grace end while overdue', () => {
    const d = localDeadlines(
      { ...clock, phase: 'overdue', remaining_seconds: 0, grace_remaining_seconds: 120 },
      0,
    );
    expect(secondsLeft(d.graceEnd, 60_000)).toBe(60);
  });

  it('formats and describes', () => {
    expect(formatCountdown(3725)).toBe('1:02:05');
    expect(formatCountdown(65)).toBe('1:05');
    expect(describeSeconds(3660)).toBe('1 hour 1 minute');
    expect(describeSeconds(45)).toBe('45 seconds');
  });

  it('warns once when crossing 5 minutes and 1 minute', () => {
    expect(warningCrossed(301, 300)).toBe(5);
    expect(warningCrossed(300, 299)).toBeNull();
    expect(warningCrossed(61, 60)).toBe(1);
    expect(warningCrossed(400, 30)).toBe(1);
    expect(warningCrossed(null, 30)).toBeNull();
  });
});
