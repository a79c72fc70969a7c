import { describe, expect, it } from 'vitest';
import { seatUsage } from './seat-usage.ts';

describe('seatUsage', () => {
  it('has no bar without a seat limit', () => {
    expect(seatUsage({ seats: null, used: 7 })).toEqual({
      percent: null,
      tone: 'info',
      label: '7 used · no seat limit',
    });
  });

  it('shows a whole percentage that turns to a warning and then an error as seats run out', () => {
    expect(seatUsage({ seats: 3, used: 1 })).toMatchObject({ percent: 33, tone: 'success' });
    expect(seatUsage({ seats: 10, used: 8 })).toMatchObject({ percent: 80, tone: 'warning' });
    expect(seatUsage({ seats: 10, used: 10 })).toMatchObject({
      percent: 100,
      tone: 'error',
      label: '10 of 10 seats used',
    });
  });

  it('caps the bar at 100 when seats were lowered below the use', () => {
    expect(seatUsage({ seats: 5, used: 9 })).toMatchObject({ percent: 100, tone: 'error' });
    expect(seatUsage({ seats: 0, used: 0 })).toMatchObject({ percent: 100, tone: 'warning' });
  });
});
