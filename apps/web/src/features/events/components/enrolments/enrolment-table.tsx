import type { TEventEnrolmentRow, TPage } from '@atrium/contract';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useHasPage } from '../../../../shared/navigation/page-availability.ts';
import { notifySuccess } from '../../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { useCancelEnrolment } from '../../api/events.api.ts';
import { cpdViewUrl, ENROLMENT_STATUS } from '../../labels.ts';

/** The enrolments of one page, with the attendance ticks of the chosen occurrence. */
export function EnrolmentTable({
  page,
  loading,
  pageIndex,
  pageSize,
  onPage,
  occurrenceCount,
  occurrence,
  ticked,
  onTick,
  linkNames,
}: {
  page: TPage<TEventEnrolmentRow> | undefined;
  loading: boolean;
  pageIndex: number;
  pageSize: number;
  onPage: (page: number) => void;
  occurrenceCount: number;
  /** The occurrence whose attendance is marked; null: none has started. */
  occurrence: string | null;
  ticked: (userId: number) => boolean;
  onTick: (userId: number, on: boolean) => void;
  linkNames: boolean;
}) {
  const hasPage = useHasPage();
  const remove = useCancelEnrolment();
  const [removing, setRemoving] = useState<TEventEnrolmentRow | null>(null);
  if (loading) {
    return (
      <div role="status" aria-busy aria-label="Loading enrolments">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </div>
    );
  }
  const rows = page?.results ?? [];
  if (rows.length === 0) {
    return (
      <Typography sx={{ color: 'text.secondary', py: 2 }}>Nobody has enrolled yet.</Typography>
    );
  }
  const name = (row: TEventEnrolmentRow) => {
    const url = cpdViewUrl(row.user.id);
    return linkNames && hasPage(url) ? (
      <Link component={RouterLink} to={url}>
        {row.user.fullname}
      </Link>
    ) : (
      row.user.fullname
    );
  };
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Enrolments">
          <TableHead>
            <TableRow>
              {occurrence && <TableCell padding="checkbox">Attended</TableCell>}
              <TableCell>Name</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>For CPD</TableCell>
              <TableCell>Occurrences attended</TableCell>
              <TableCell align="right">
                <VisuallyHidden>Actions</VisuallyHidden>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                {occurrence && (
                  <TableCell padding="checkbox">
                    {row.status === 'enrolled' && (
                      <Checkbox
                        checked={ticked(row.user.id)}
                        onChange={(_e, on) => onTick(row.user.id, on)}
                        slotProps={{
                          input: { 'aria-label': `${row.user.fullname} attended` },
                        }}
                      />
                    )}
                  </TableCell>
                )}
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {name(row)}
                  <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                    {row.user.email}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={ENROLMENT_STATUS[row.status].label}
                    color={ENROLMENT_STATUS[row.status].color}
                  />
                </TableCell>
                <TableCell>{row.for_cpd ? 'Yes' : 'No'}</TableCell>
                <TableCell>
                  {row.attended.length} of {occurrenceCount}
                </TableCell>
                <TableCell align="right">
                  {row.status !== 'cancelled' && (
                    <Tooltip title="Remove enrolment">
                      <IconButton
                        aria-label={`Remove ${row.user.fullname}`}
                        onClick={() => setRemoving(row)}
                      >
                        <PersonRemoveOutlined />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        page={pageIndex}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_e, p) => onPage(p)}
        {...pageCountProps(page)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this enrolment?"
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              notifySuccess('Enrolment removed.');
            },
          })
        }
      >
        {removing?.user.fullname} will no longer be enrolled, and is told so.
      </ConfirmDialog>
    </>
  );
}
