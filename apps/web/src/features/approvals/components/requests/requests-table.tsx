import type { TApprovalRequest } from '@atrium/contract';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import type { ApprovalScope } from '../../api/requests.api.ts';
import { canDecide, formatDay, levelText, waitingText } from '../../approval-query.ts';
import { RequestStatusChip } from './request-status-chip.tsx';
import { SubjectLink } from './subject-link.tsx';

export interface RequestsTableProps {
  rows: TApprovalRequest[];
  scope: ApprovalScope;
  /** To approve only: rows the caller may decide get a checkbox for the bulk actions. */
  selectable: boolean;
  selected: ReadonlySet<number>;
  onSelectedChange: (next: Set<number>) => void;
  onOpen: (row: TApprovalRequest) => void;
  /** A one-click approval from the list (rejecting needs a reason: that is in the detail). */
  onApprove?: (row: TApprovalRequest) => void;
  /** The request a quick approval is running on. */
  busyId?: number | null;
}

/** Only pending rows the server lets the caller decide can be picked for a bulk decision. */
export const selectableRow = (r: TApprovalRequest) => r.status === 'pending' && canDecide(r);

/** An approver opens the subject in request-flow mode; so does an admin able to decide it. */
const approverView = (r: TApprovalRequest, scope: ApprovalScope) =>
  scope === 'to_approve' || canDecide(r);

function RowSubject({ row, scope }: { row: TApprovalRequest; scope: ApprovalScope }) {
  return <SubjectLink request={row} approver={approverView(row, scope)} />;
}

function ApproveButton({
  row,
  onApprove,
  busyId,
}: Pick<RequestsTableProps, 'onApprove' | 'busyId'> & { row: TApprovalRequest }) {
  if (!onApprove || row.status !== 'pending' || !row.abilities.approve) return null;
  const otherBusy = busyId !== null && busyId !== undefined && busyId !== row.id;
  return (
    <Button
      size="small"
      variant="outlined"
      color="success"
      loading={busyId === row.id}
      disabled={otherBusy}
      onClick={(event) => {
        event.stopPropagation();
        onApprove(row);
      }}
      aria-label={`Approve ${row.subject.title} (${row.requester.fullname})`}
    >
      Approve
    </Button>
  );
}

function OpenButton({ row, onOpen }: { row: TApprovalRequest; onOpen: () => void }) {
  return (
    <Tooltip title="Details">
      <IconButton
        size="small"
        aria-label={`Details of ${row.subject.title} (${row.requester.fullname})`}
        onClick={(event) => {
          event.stopPropagation();
          onOpen();
        }}
      >
        <ChevronRightOutlined />
      </IconButton>
    </Tooltip>
  );
}

/**
 * Requests as a table on wide screens and as stacked cards on phones (360 px). A click on a row
 * opens its detail; keyboards use the row's Details button.
 */
export function RequestsTable(props: RequestsTableProps) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  return narrow ? <RequestCards {...props} /> : <RequestRows {...props} />;
}

function toggle(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

function RequestRows({
  rows,
  scope,
  selectable,
  selected,
  onSelectedChange,
  onOpen,
  onApprove,
  busyId,
}: RequestsTableProps) {
  const pickable = rows.filter(selectableRow);
  const picked = pickable.filter((r) => selected.has(r.id)).length;
  const showRequester = scope !== 'mine';
  return (
    <TableContainer>
      <Table size="small" aria-label="Requests">
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  disabled={pickable.length === 0}
                  checked={pickable.length > 0 && picked === pickable.length}
                  indeterminate={picked > 0 && picked < pickable.length}
                  onChange={(_event, checked) =>
                    onSelectedChange(checked ? new Set(pickable.map((r) => r.id)) : new Set())
                  }
                  slotProps={{ input: { 'aria-label': 'Select every request you can decide' } }}
                />
              </TableCell>
            )}
            {showRequester && <TableCell>Requester</TableCell>}
            <TableCell>Request</TableCell>
            <TableCell>Level</TableCell>
            <TableCell>Waiting on</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Created</TableCell>
            <TableCell align="right">
              <VisuallyHidden>Actions</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.id}
              hover
              selected={selected.has(row.id)}
              onClick={() => onOpen(row)}
              sx={{ cursor: 'pointer' }}
            >
              {selectable && (
                <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                  {selectableRow(row) && (
                    <Checkbox
                      checked={selected.has(row.id)}
                      onChange={() => onSelectedChange(toggle(selected, row.id))}
                      slotProps={{
                        input: {
                          'aria-label': `Select ${row.subject.title} (${row.requester.fullname})`,
                        },
                      }}
                    />
                  )}
                </TableCell>
              )}
              {showRequester && (
                <TableCell sx={{ maxWidth: 200 }}>
                  <Typography variant="body2" noWrap>
                    {row.requester.fullname}
                  </Typography>
                </TableCell>
              )}
              <TableCell sx={{ maxWidth: 320 }}>
                <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                  {row.module_label}
                </Typography>
                <RowSubject row={row} scope={scope} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{levelText(row)}</TableCell>
              <TableCell sx={{ maxWidth: 200 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {waitingText(row)}
                </Typography>
              </TableCell>
              <TableCell>
                <RequestStatusChip status={row.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(row.created_at)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5 }}>
                <Stack
                  direction="row"
                  spacing={0.5}
                  sx={{ justifyContent: 'flex-end', alignItems: 'center' }}
                >
                  <ApproveButton row={row} onApprove={onApprove} busyId={busyId} />
                  <OpenButton row={row} onOpen={() => onOpen(row)} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RequestCards({
  rows,
  scope,
  selectable,
  selected,
  onSelectedChange,
  onOpen,
  onApprove,
  busyId,
}: RequestsTableProps) {
  return (
    <Stack
      component="ul"
      spacing={1.5}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label="Requests"
    >
      {rows.map((row) => (
        <Paper
          key={row.id}
          component="li"
          variant="outlined"
          onClick={() => onOpen(row)}
          sx={{
            p: 1.5,
            cursor: 'pointer',
            bgcolor: selected.has(row.id) ? 'action.selected' : undefined,
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {selectable && selectableRow(row) && (
              <Checkbox
                sx={{ ml: -1, mt: -0.5 }}
                checked={selected.has(row.id)}
                onClick={(event) => event.stopPropagation()}
                onChange={() => onSelectedChange(toggle(selected, row.id))}
                slotProps={{
                  input: {
                    'aria-label': `Select ${row.subject.title} (${row.requester.fullname})`,
                  },
                }}
              />
            )}
            <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {row.module_label} · level {levelText(row)}
              </Typography>
              <RowSubject row={row} scope={scope} />
              {scope !== 'mine' && (
                <Typography variant="body2">{row.requester.fullname}</Typography>
              )}
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ flexWrap: 'wrap', alignItems: 'center' }}
              >
                <RequestStatusChip status={row.status} />
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {formatDay(row.created_at)}
                </Typography>
              </Stack>
              {row.status === 'pending' && (
                <Typography
                  variant="caption"
                  sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                >
                  Waiting on {waitingText(row)}
                </Typography>
              )}
            </Stack>
            <OpenButton row={row} onOpen={() => onOpen(row)} />
          </Stack>
          {onApprove && row.status === 'pending' && row.abilities.approve && (
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
              <ApproveButton row={row} onApprove={onApprove} busyId={busyId} />
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
