import type { TDelegation } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { isAdmin } from '../../../../shared/session/roles.ts';
import { useSession } from '../../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { APPROVAL_MESSAGES, useDelegations, useRemoveDelegation } from '../../api/requests.api.ts';
import { formatMoment } from '../../approval-query.ts';
import { DelegationDialog } from './delegation-dialog.tsx';

/** Running now, or not yet started (ended ones are not listed by the server). */
const isActive = (d: TDelegation, now: number) => Date.parse(d.starts_at) <= now;

function StateChip({ delegation, now }: { delegation: TDelegation; now: number }) {
  return isActive(delegation, now) ? (
    <Chip size="small" color="success" variant="outlined" label="Active" />
  ) : (
    <Chip size="small" variant="outlined" label="Scheduled" />
  );
}

/**
 * The Delegations tab: delegations from or to the caller (an admin sees the organisation's),
 * adding one and ending one. The approver who delegated, or an admin, may end it.
 */
export function DelegationsPanel() {
  const { user } = useSession();
  const selfId = user?.id ?? 0;
  const admin = user ? isAdmin(user.role.id) : false;
  const list = useDelegations();
  const remove = useRemoveDelegation();
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<TDelegation | null>(null);
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const now = Date.now();
  const rows = list.data?.results ?? [];
  const mayEnd = (d: TDelegation) => admin || d.user.id === selfId;

  const endButton = (d: TDelegation) =>
    mayEnd(d) && (
      <Button
        size="small"
        color="error"
        variant="outlined"
        onClick={() => setEnding(d)}
        aria-label={`End the delegation from ${d.user.fullname} to ${d.delegate.fullname}`}
      >
        End
      </Button>
    );

  return (
    <SectionCard
      title="Delegations"
      subtitle="While you are away, a colleague can decide the requests waiting on you."
      busy={list.isPending}
      action={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
          Add delegation
        </Button>
      }
    >
      {list.isPending ? (
        <Stack spacing={1}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={44} />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert severity="error">
          {errorMessage(list.error, APPROVAL_MESSAGES.delegationsFailed)}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState icon={<EventBusyOutlined fontSize="large" />}>
          No delegations. Add one before you go away, so requests do not wait for you.
        </EmptyState>
      ) : narrow ? (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((d) => (
            <Paper key={d.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
              <Stack spacing={0.5}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <strong>{d.delegate.fullname}</strong> decides for{' '}
                  <strong>{d.user.id === selfId ? 'you' : d.user.fullname}</strong>
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {formatMoment(d.starts_at)} – {formatMoment(d.ends_at)}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', pt: 0.5 }}>
                  <StateChip delegation={d} now={now} />
                  <span style={{ flex: 1 }} />
                  {endButton(d)}
                </Stack>
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Delegations">
            <TableHead>
              <TableRow>
                <TableCell>Approver</TableCell>
                <TableCell>Delegate</TableCell>
                <TableCell>From</TableCell>
                <TableCell>Until</TableCell>
                <TableCell>State</TableCell>
                <TableCell align="right">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{d.user.id === selfId ? 'You' : d.user.fullname}</TableCell>
                  <TableCell>{d.delegate.id === selfId ? 'You' : d.delegate.fullname}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoment(d.starts_at)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoment(d.ends_at)}</TableCell>
                  <TableCell>
                    <StateChip delegation={d} now={now} />
                  </TableCell>
                  <TableCell align="right">{endButton(d)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <DelegationDialog
        open={adding}
        onClose={() => setAdding(false)}
        selfId={selfId}
        admin={admin}
      />
      <ConfirmDialog
        open={ending !== null}
        title="End delegation?"
        confirmLabel="End"
        destructive
        busy={remove.isPending}
        onClose={() => setEnding(null)}
        onConfirm={() => ending && remove.mutate(ending.id, { onSettled: () => setEnding(null) })}
      >
        {ending?.delegate.fullname} no longer decides for{' '}
        {ending?.user.id === selfId ? 'you' : ending?.user.fullname}; requests wait on the approver
        again.
      </ConfirmDialog>
    </SectionCard>
  );
}
