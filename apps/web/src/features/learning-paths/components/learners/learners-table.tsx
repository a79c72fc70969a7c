import type { TLearningPathEnrolment } from '@atrium/contract';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { formatDate, isOverdue, SOURCE_LABEL } from '../../path-labels.ts';
import { ProgressLine } from '../progress-line.tsx';
import { ProgressStateChip } from '../state-chips.tsx';

/** Toggles one id in a selection; the header box selects or clears the whole page. */
export const toggleId = (selected: readonly number[], id: number) =>
  selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
export function togglePage(selected: readonly number[], pageIds: readonly number[]): number[] {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  if (all) return selected.filter((id) => !pageIds.includes(id));
  return [...new Set([...selected, ...pageIds])];
}

/** The progress table: a row per learner, selectable for removal, due date editable. */
export function LearnersTable({
  rows,
  selected,
  onSelect,
  onDue,
}: {
  rows: TLearningPathEnrolment[];
  selected: number[];
  onSelect: (ids: number[]) => void;
  onDue: (row: TLearningPathEnrolment) => void;
}) {
  const pageIds = rows.map((r) => r.id);
  const chosen = pageIds.filter((id) => selected.includes(id)).length;
  return (
    <TableContainer>
      <Table size="small" sx={{ minWidth: 900 }} aria-label="Learners and their progress">
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
            <TableCell>State</TableCell>
            <TableCell sx={{ minWidth: 150 }}>Progress</TableCell>
            <TableCell align="right">Completed</TableCell>
            <TableCell>Due</TableCell>
            <TableCell>Enrolled</TableCell>
            <TableCell>Completed on</TableCell>
            <TableCell align="right">
              <VisuallyHidden>Actions</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const checked = selected.includes(row.id);
            const overdue = isOverdue(row);
            return (
              <TableRow key={row.id} hover selected={checked}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={checked}
                    onChange={() => onSelect(toggleId(selected, row.id))}
                    slotProps={{ input: { 'aria-label': `Select ${row.user.fullname}` } }}
                  />
                </TableCell>
                <TableCell sx={{ maxWidth: 260 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {row.user.fullname}
                  </Typography>
                  <Typography
                    variant="caption"
                    sx={{ color: 'text.secondary' }}
                    noWrap
                    component="div"
                  >
                    {row.user.email} · {SOURCE_LABEL[row.source]}
                  </Typography>
                </TableCell>
                <TableCell>
                  <ProgressStateChip state={row.state} overdue={overdue} />
                </TableCell>
                <TableCell>
                  <ProgressLine
                    percent={row.progress_percent}
                    completed={row.state === 'completed'}
                    label={`Progress of ${row.user.fullname}`}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.completed_items} / {row.required_items}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', color: overdue ? 'error.main' : undefined }}>
                  {formatDate(row.due_at)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.enrolled_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.completed_at)}</TableCell>
                <TableCell align="right">
                  {row.state !== 'completed' && row.state !== 'requested' && (
                    <Tooltip title="Change due date">
                      <IconButton
                        size="small"
                        aria-label={`Change the due date of ${row.user.fullname}`}
                        onClick={() => onDue(row)}
                      >
                        <EventOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
