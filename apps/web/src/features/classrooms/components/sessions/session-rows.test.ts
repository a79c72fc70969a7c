import { describe, expect, it } from 'vitest';
import { toApiError } from '../../../../shared/api/api-error.ts';
import { clientErrors, emptyRow, hasErrors, serverErrors, toPayload } from './session-rows.ts';

const filled = (start: string, end: string) => ({
  ...emptyRow(),
  title: 'Forklift basics',
  date: '2026-03-03',
  start_time: start,
  end_time: end,
  time_zone: 'Europe/London',
  trainers: [{ id: 7, fullname: 'Tess Trainer' }],
  room: 3,
});

describe('the add-session rows', () => {
  it('a new row starts like the one above (day, zone, trainers, room), with its own times', () => {
    const first = filled('09:00', '10:00');
    const next = emptyRow(first);
    expect(next).toMatchObject({ date: '2026-03-03', time_zone: 'Europe/London', room: 3 });
    expect(next.trainers).toEqual(first.trainers);
    expect(next.start_time).toBe('');
    expect(next.key).not.toBe(first.key);
  });

  it('says what is wrong as the user types: §5 format, end before start, overlapping rows', () => {
    const errors = clientErrors(
      [filled('09:00', '10:00'), filled('9.30', '08:00'), filled('09:30', '11:00')],
      false,
    );
    expect(errors[0]).toEqual({});
    expect(errors[1]?.start_time).toBe('Enter a time as HH:MM or HH:MM:SS (24-hour).');
    expect(errors[2]?.start_time).toBe('This session overlaps session 1 of the form.');
  });

  it('asks for what is missing only once the form is sent', () => {
    const blank = emptyRow();
    expect(hasErrors(clientErrors([blank], false))).toBe(false);
    const errors = clientErrors([blank], true)[0];
    expect(Object.keys(errors ?? {}).sort()).toEqual(
      ['date', 'end_time', 'room', 'start_time', 'title', 'trainers'].sort(),
    );
  });

  it('sends numbers and ids, an empty minimum as null and the cut-off as an ISO instant', () => {
    const payload = toPayload({ ...filled('09:00', '10:00'), cut_off_at: '2026-03-01T12:00' });
    expect(payload).toMatchObject({ trainers: [7], room: 3, capacity: 20, minimum_size: null });
    expect(payload.cut_off_at).toBe(new Date('2026-03-01T12:00').toISOString());
  });

  it('puts the server’s errors on the row and field they name, and keeps its message', () => {
    const error = toApiError(409, {
      message: 'Tess Trainer already trains a session then.',
      errors: { 'sessions.1.trainers': ['Tess Trainer is booked 09:00–10:00.'], other: ['x'] },
    });
    const { rows, message } = serverErrors(error, 2);
    expect(rows[0]).toEqual({});
    expect(rows[1]?.trainers).toBe('Tess Trainer is booked 09:00–10:00.');
    expect(message).toBe('Tess Trainer already trains a session then.');
  });

  it('an edit’s bare field names land on its only row', () => {
    const error = toApiError(400, { message: 'Invalid', errors: { end_time: ['Too early.'] } });
    expect(serverErrors(error, 1).rows[0]?.end_time).toBe('Too early.');
  });
});
