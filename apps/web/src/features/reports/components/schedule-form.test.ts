import { describe, expect, it } from 'vitest';
import { bodyOf, describeRecurrence, initialState } from './schedule-form.ts';

describe('schedule form', () => {
  it('keeps a widget’s filters from the button that opened it', () => {
    const s = initialState(
      null,
      { kind: 'widget', widget: 'top-course', query: { from: '2026-01-01' } },
      'Top',
    );
    s.users = [{ id: 7, name: 'Ann' }];
    s.frequency = 'monthly';
    s.dayOfMonth = 31;
    expect(bodyOf(s)).toMatchObject({
      name: 'Top',
      source: { kind: 'widget', widget: 'top-course', query: { from: '2026-01-01' } },
      recurrence: { frequency: 'monthly', weekday: null, day_of_month: 31 },
      recipients: { users: [7], roles: [] },
    });
    // Another widget starts without them.
    s.widget = 'user-status';
    expect(bodyOf(s)?.source).toEqual({ kind: 'widget', widget: 'user-status', query: {} });
  });

  it('needs a saved report chosen', () => {
    const s = initialState();
    s.kind = 'saved';
    expect(bodyOf(s)).toBeNull();
    s.savedId = 3;
    expect(bodyOf(s)?.source).toEqual({ kind: 'saved', id: 3 });
  });

  it('describes a recurrence', () => {
    expect(
      describeRecurrence({
        frequency: 'weekly',
        weekday: 1,
        day_of_month: null,
        time: '08:00',
        timezone: 'Europe/London',
      }),
    ).toBe('Every Monday at 08:00 (Europe/London)');
  });
});
