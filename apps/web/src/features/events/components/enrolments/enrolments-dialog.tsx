import type { TEventDetail } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../../shared/notify/notify.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useEventEnrolments, useMarkAttendance } from '../../api/events.api.ts';
import { EVENT_MESSAGES } from '../../labels.ts';
import { formatInstant } from '../../model/zoned-time.ts';
import { EnrolmentTable } from './enrolment-table.tsx';

const PAGE_SIZE = 25;
const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * An event's enrolments for its managers: who enrolled (for CPD or not), the occurrences each
 * attended, ticks to mark attendance of an occurrence that has started, and removal.
 */
export function EnrolmentsDialog({
  event,
  linkNames,
  onClose,
}: {
  event: TEventDetail;
  /** Admins follow a name to the person's CPD record. */
  linkNames: boolean;
  onClose: () => void;
}) {
  const [page, setPage] = useState(0);
  const started = useMemo(
    () => event.occurrences.filter((o) => Date.parse(o.starts_at) <= Date.now()).reverse(),
    [event.occurrences],
  );
  const [occurrence, setOccurrence] = useState<string>(started[0]?.starts_at ?? '');
  const [ticks, setTicks] = useState<Map<number, boolean>>(new Map());
  const list = useEventEnrolments(event.id, { page: page + 1, page_size: PAGE_SIZE });
  const mark = useMarkAttendance(event.id);

  const rows = list.data?.results ?? [];
  const markable = rows.filter((r) => r.status === 'enrolled');
  const attendedNow = (userId: number) =>
    rows.find((r) => r.user.id === userId)?.attended.some((a) => sameInstant(a, occurrence)) ??
    false;
  const ticked = (userId: number) => ticks.get(userId) ?? attendedNow(userId);
  const changed = markable.some((r) => ticked(r.user.id) !== attendedNow(r.user.id));

  const save = async () => {
    const on = markable.filter((r) => ticked(r.user.id)).map((r) => r.user.id);
    const off = markable
      .filter((r) => !ticked(r.user.id) && attendedNow(r.user.id))
      .map((r) => r.user.id);
    try {
      if (on.length > 0) await mark.mutateAsync({ occurrence, users: on, attended: true });
      if (off.length > 0) await mark.mutateAsync({ occurrence, users: off, attended: false });
      setTicks(new Map());
      notifySuccess('Attendance saved.');
    } catch {
      // The mutation's snackbar says what went wrong; the ticks stay to try again.
    }
  };

  return (
    <FormDialog open title={`Enrolments: ${event.title}`} onClose={onClose} maxWidth="md">
      <Stack spacing={2}>
        {started.length > 0 ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <TextField
              select
              size="small"
              label="Attendance of"
              value={occurrence}
              onChange={(e) => {
                setOccurrence(e.target.value);
                setTicks(new Map());
              }}
              sx={{ minWidth: 260 }}
            >
              {started.map((o) => (
                <MenuItem key={o.starts_at} value={o.starts_at}>
                  {formatInstant(o.starts_at)}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={save} disabled={!changed} loading={mark.isPending}>
              Save attendance
            </Button>
          </Stack>
        ) : (
          <Alert severity="info">Attendance can be marked once the first occurrence starts.</Alert>
        )}
        {list.isError && !list.data ? (
          <Alert severity="error">
            {errorMessage(list.error, EVENT_MESSAGES.enrolmentsFailed)}
          </Alert>
        ) : (
          <EnrolmentTable
            page={list.data}
            loading={!list.data}
            pageIndex={page}
            pageSize={PAGE_SIZE}
            onPage={(p) => {
              setPage(p);
              setTicks(new Map());
            }}
            occurrenceCount={event.occurrences.length}
            occurrence={started.length > 0 ? occurrence : null}
            ticked={ticked}
            onTick={(userId, on) => setTicks((t) => new Map(t).set(userId, on))}
            linkNames={linkNames}
          />
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={onClose}>
            Close
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
