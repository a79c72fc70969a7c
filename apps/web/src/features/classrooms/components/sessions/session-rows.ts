import { type TSession, type TSessionFields, timeSeconds } from '@atrium/contract';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { browserTimeZone, overlappingRows, TIME_RE } from '../../time.ts';

/*
 * The add-session form's rows as typed (strings, the way inputs hold them), what the server is
 * sent, and the errors of each row: §5 checks made here as the user types, and the server's
 * 400/409 errors put back on the row and field they name.
 */

export interface TrainerChoice {
  id: number;
  fullname: string;
  email?: string;
}

export interface SessionRow {
  key: string;
  title: string;
  date: string;
  start_time: string;
  end_time: string;
  time_zone: string;
  trainers: TrainerChoice[];
  room: number | null;
  online: boolean;
  capacity: string;
  minimum_size: string;
  /** A datetime-local value ('2026-03-03T09:00', the browser's zone), or ''. */
  cut_off_at: string;
  keep_below_minimum: boolean;
}

export const ROW_FIELDS = [
  'title',
  'date',
  'start_time',
  'end_time',
  'time_zone',
  'trainers',
  'room',
  'online',
  'capacity',
  'minimum_size',
  'cut_off_at',
  'keep_below_minimum',
] as const;
export type RowField = (typeof ROW_FIELDS)[number];
export type RowErrors = Partial<Record<RowField, string>>;

let counter = 0;
const nextKey = () => `row-${++counter}`;

export function emptyRow(previous?: SessionRow): SessionRow {
  return {
    key: nextKey(),
    title: '',
    // A second row starts like the one above: same day, zone, people and place.
    date: previous?.date ?? '',
    start_time: '',
    end_time: '',
    time_zone: previous?.time_zone ?? browserTimeZone(),
    trainers: previous?.trainers ?? [],
    room: previous?.room ?? null,
    online: previous?.online ?? false,
    capacity: previous?.capacity ?? '20',
    minimum_size: '',
    cut_off_at: '',
    keep_below_minimum: false,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the browser's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function rowOfSession(s: TSession): SessionRow {
  return {
    key: nextKey(),
    title: s.title,
    date: s.date,
    start_time: s.start_time,
    end_time: s.end_time,
    time_zone: s.time_zone,
    trainers: s.trainers,
    room: s.room?.id ?? null,
    online: s.online,
    capacity: String(s.capacity),
    minimum_size: s.minimum_size === null ? '' : String(s.minimum_size),
    cut_off_at: toLocalInput(s.cut_off_at),
    keep_below_minimum: s.keep_below_minimum,
  };
}

/** What the server is sent for a row (its schema checks it all again). */
export function toPayload(row: SessionRow): TSessionFields {
  const cutOff = row.cut_off_at ? new Date(row.cut_off_at) : null;
  return {
    title: row.title.trim(),
    date: row.date,
    start_time: row.start_time.trim(),
    end_time: row.end_time.trim(),
    time_zone: row.time_zone,
    trainers: row.trainers.map((t) => t.id),
    room: row.room,
    online: row.online,
    capacity: Number(row.capacity),
    minimum_size: row.minimum_size === '' ? null : Number(row.minimum_size),
    cut_off_at: cutOff && !Number.isNaN(cutOff.getTime()) ? cutOff.toISOString() : null,
    keep_below_minimum: row.keep_below_minimum,
  };
}

const TIME_MESSAGE = 'Enter a time as HH:MM or HH:MM:SS (24-hour).';

/**
 * The errors the form can tell before asking the server. `submitted` adds the "required" ones,
 * which would be noise while a row is still being filled in.
 */
export function clientErrors(rows: readonly SessionRow[], submitted: boolean): RowErrors[] {
  const overlaps = overlappingRows(rows);
  return rows.map((row, i) => {
    const errors: RowErrors = {};
    const start = row.start_time.trim();
    const end = row.end_time.trim();
    if (start !== '' && !TIME_RE.test(start)) errors.start_time = TIME_MESSAGE;
    if (end !== '' && !TIME_RE.test(end)) errors.end_time = TIME_MESSAGE;
    if (TIME_RE.test(start) && TIME_RE.test(end) && timeSeconds(end) <= timeSeconds(start)) {
      errors.end_time = 'The end time must be after the start time.';
    }
    const clash = overlaps.get(i);
    if (clash !== undefined && !errors.start_time) {
      errors.start_time = `This session overlaps session ${clash} of the form.`;
    }
    const capacity = Number(row.capacity);
    if (row.minimum_size !== '' && row.capacity !== '' && Number(row.minimum_size) > capacity) {
      errors.minimum_size = 'The minimum size cannot be more than the capacity.';
    }
    if (submitted) {
      if (row.title.trim() === '') errors.title = 'This field may not be blank.';
      if (row.date === '') errors.date = 'Enter a date as YYYY-MM-DD.';
      if (start === '') errors.start_time ??= TIME_MESSAGE;
      if (end === '') errors.end_time ??= TIME_MESSAGE;
      if (row.trainers.length === 0) errors.trainers = 'Choose at least one trainer.';
      if (row.room === null && !row.online)
        errors.room = 'Choose a room, or hold the session online.';
      if (!Number.isInteger(capacity) || capacity < 1) errors.capacity = 'Enter at least 1 seat.';
    }
    return errors;
  });
}

export const hasErrors = (errors: readonly RowErrors[]) =>
  errors.some((e) => Object.keys(e).length > 0);

const isRowField = (name: string): name is RowField =>
  (ROW_FIELDS as readonly string[]).includes(name);

/**
 * The server's errors on their rows: `sessions.<i>.<field>` from a create, a bare `<field>` from
 * an edit (row 0); the message above the rows says the rest.
 */
export function serverErrors(
  error: unknown,
  rowCount: number,
): { rows: RowErrors[]; message: string | null } {
  const rows: RowErrors[] = Array.from({ length: rowCount }, () => ({}));
  if (!error) return { rows, message: null };
  if (error instanceof ApiError) {
    for (const [key, messages] of Object.entries(error.fieldErrors)) {
      const parts = key.split('.');
      let index = 0;
      let field: string | undefined = parts[0];
      if (parts[0] === 'sessions' && parts.length >= 3) {
        index = Number(parts[1]);
        field = parts[2];
      }
      const target = rows[index];
      if (target && field && isRowField(field)) {
        target[field] = target[field]
          ? `${target[field]} ${messages.join(' ')}`
          : messages.join(' ');
      }
    }
  }
  // The server's message always shows above the rows: a 409 names the clash in words.
  return { rows, message: errorMessage(error) };
}
