import { timeSeconds } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { useCheckSession } from '../../api/classrooms.api.ts';
import { shortTime, TIME_RE } from '../../time.ts';

/**
 * Asks check-session, once the typing pauses, whether a trainer or a room already holds a session
 * overlapping this row, and names the clashing session. A warning only: the server refuses the
 * double booking itself when the form is saved.
 */
export function ConflictWarning({
  resource,
  id,
  name,
  date,
  start,
  end,
  timeZone,
  excludeSession,
}: {
  resource: 'trainer' | 'room';
  id: number;
  name: string;
  date: string;
  start: string;
  end: string;
  timeZone: string;
  excludeSession?: number;
}) {
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(date) && TIME_RE.test(start) && TIME_RE.test(end);
  // Debounced as text: an object would be a new value on every render.
  const key = useDebouncedValue(
    JSON.stringify({
      ...(resource === 'trainer' ? { trainer_id: id } : { room_id: id }),
      date,
      start_time: start,
      end_time: end,
      time_zone: timeZone,
      ...(excludeSession ? { exclude_session: excludeSession } : {}),
    }),
    400,
  );
  const query = JSON.parse(key) as Parameters<typeof useCheckSession>[0];
  const check = useCheckSession(
    query,
    ready &&
      TIME_RE.test(query.start_time ?? '') &&
      TIME_RE.test(query.end_time ?? '') &&
      timeSeconds(query.end_time ?? '') > timeSeconds(query.start_time ?? ''),
  );
  if (!ready || !check.data) return null;
  const clashes = check.data.sessions.filter((s) => s.overlaps && s.session !== excludeSession);
  if (clashes.length === 0) return null;
  return (
    <Alert severity="warning" role="status" sx={{ py: 0 }}>
      {clashes.map((c) => (
        <div key={`${c.resource}-${c.session}`}>
          {resource === 'trainer' ? `${name} already trains` : `${name} is already booked for`} “
          {c.title}” ({c.class_name}), {shortTime(c.start_time)}–{shortTime(c.end_time)}{' '}
          {c.time_zone}.
        </div>
      ))}
    </Alert>
  );
}
