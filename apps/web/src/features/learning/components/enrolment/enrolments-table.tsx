import type { TEnrolment } from '@atrium/contract';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDate, nextStatuses, toggleId, togglePage } from './enrolment-logic.ts';
import { EnrolmentStatusChip } from './enrolment-status-chip.tsx';

export type RowAction =
  | { kind: 'status'; to: Exclude<TEnrolment['status'], 'requested'> }
  | { kind: 'due' }
  | { kind: 'unassign' };

function RowMenu({
  row,
  onAction,
}: {
  row: TEnrolment;
  onAction: (row: TEnrolment, action: RowAction) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const act = (action: RowAction) => {
    setAnchor(null);
    onAction(row, action);
  };
  return (
    <>
      <IconButton
        aria-label={`Actions for ${row.user.fullname}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {nextStatuses(row.status).map((s) => (
          <MenuItem key={s.to} onClick={() => act({ kind: 'status', to: s.to })}>
            {s.label}
          </MenuItem>
        ))}
        {row.status !== 'rejected' && (
          <MenuItem onClick={() => act({ kind: 'due' })}>Change due date</MenuItem>
        )}
        <Divider />
        <MenuItem onClick={() => act({ kind: 'unassign' })} sx={{ color: 'error.main' }}>
          Unassign
        </MenuItem>
      </Menu>
    </>
  );
}

/** A course's learners with row selection for bulk unassignment; a row menu per learner. */
export function EnrolmentsTable({
  rows,
  selected,
  onSelect,
  onAction,
}: {
  rows: TEnrolment[];
  selected: number[];
  onSelect: (ids: number[]) => void;
  onAction: (row: TEnrolment, action: RowAction) => void;
}) {
  const pageIds = rows.map((r) => r.user.id);
  const chosen = pageIds.filter((id) => selected.includes(id)).length;
  return (
    <TableContainer>
      <Table size="small" sx={{ minWidth: 820 }} aria-label="Learners">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={chosen > 0 && chosen === pageIds.length}
                indeterminate={chosen > 0 && chosen < pageIds.length}
                onChange={() => onSelect(togglePage(selected, pageIds))}
                slotProps={{ input: { 'aria-label': 'Select all learners on this page' } }}
              />
            </TableCell>
            <TableCell>Learner</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={{ minWidth: 140 }}>Progress</TableCell>
            <TableCell>Enrolled</TableCell>
            <TableCell>Completed</TableCell>
            <TableCell>Due</TableCell>
            <TableCell align="right">
              <Box component="span" sx={{ position: 'absolute', left: -9999 }}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const checked = selected.includes(row.user.id);
            return (
              <TableRow key={row.id} hover selected={checked}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={checked}
                    onChange={() => onSelect(toggleId(selected, row.user.id))}
                    slotProps={{ input: { 'aria-label': `Select ${row.user.fullname}` } }}
                  />
                </TableCell>
                <TableCell sx={{ maxWidth: 260 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {row.user.fullname}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                    {row.user.email}
                  </Typography>
                </TableCell>
                <TableCell>
                  <EnrolmentStatusChip status={row.status} />
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <LinearProgress
                      variant="determinate"
                      value={row.progress_percent}
                      color={row.status === 'completed' ? 'success' : 'primary'}
                      aria-label={`Progress of ${row.user.fullname}`}
                      sx={{ flex: 1, minWidth: 60 }}
                    />
                    <Typography variant="caption" sx={{ width: 34, textAlign: 'right' }}>
                      {row.progress_percent}%
                    </Typography>
                  </Stack>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.enrolled_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.completed_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.due_at)}</TableCell>
                <TableCell align="right">
                  <RowMenu row={row} onAction={onAction} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
