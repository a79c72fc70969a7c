import type { TWebhookDelivery } from '@atrium/contract';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { DELIVERY_PAGE_SIZE, useDeliveries, useRedeliver } from '../api/webhooks.api.ts';

const STATUS_COLOR = {
  succeeded: 'success',
  failed: 'error',
  retrying: 'warning',
  pending: 'default',
} as const;

/** One webhook's deliveries, newest first, with what the receiver answered and a redeliver button. */
export function DeliveryLog({ webhookId, canSend }: { webhookId: number; canSend: boolean }) {
  const [page, setPage] = useState(1);
  const log = useDeliveries(webhookId, page);
  const redeliver = useRedeliver();

  if (log.isPending) {
    return (
      <Stack spacing={1} aria-label="Loading deliveries">
        <Skeleton variant="rectangular" height={32} />
        <Skeleton variant="rectangular" height={32} />
      </Stack>
    );
  }
  if (log.isError) {
    return (
      <LoadError
        error={log.error}
        fallback="The delivery log could not be loaded."
        onRetry={() => log.refetch()}
      />
    );
  }
  if (log.data.results.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2">
        No deliveries yet. Send a test event to try the receiver.
      </Typography>
    );
  }
  return (
    <Stack spacing={1}>
      {redeliver.isError && <Alert severity="error">{errorMessage(redeliver.error)}</Alert>}
      <TableContainer>
        <Table size="small" aria-label="Deliveries">
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell>Status</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Answer</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>When</TableCell>
              <TableCell align="right">
                <VisuallyHidden>Actions</VisuallyHidden>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {log.data.results.map((d) => (
              <DeliveryRow
                key={d.id}
                delivery={d}
                canSend={canSend}
                busy={redeliver.isPending}
                onRedeliver={() => redeliver.mutate({ id: webhookId, deliveryId: d.id })}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {log.data.count > DELIVERY_PAGE_SIZE && (
        <Pagination
          size="small"
          page={page}
          count={Math.ceil(log.data.count / DELIVERY_PAGE_SIZE)}
          onChange={(_e, value) => setPage(value)}
          aria-label="Delivery pages"
        />
      )}
    </Stack>
  );
}

function DeliveryRow({
  delivery: d,
  canSend,
  busy,
  onRedeliver,
}: {
  delivery: TWebhookDelivery;
  canSend: boolean;
  busy: boolean;
  onRedeliver: () => void;
}) {
  return (
    <TableRow>
      <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'break-word', px: { xs: 1, sm: 2 } }}>
        {d.event}
      </TableCell>
      <TableCell>
        <Chip size="small" color={STATUS_COLOR[d.status]} label={d.status} />
        <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
          {d.attempt}/{d.max_attempts} attempts
        </Typography>
        {/* Phones have no Answer column: the receiver's status and the error go here. */}
        <Typography
          variant="caption"
          color={d.error ? 'error' : 'text.secondary'}
          sx={{ display: { xs: 'block', sm: 'none' }, overflowWrap: 'anywhere' }}
        >
          {d.status_code !== null ? `HTTP ${d.status_code}` : (d.error ?? '')}
        </Typography>
      </TableCell>
      <TableCell sx={{ maxWidth: 280, display: { xs: 'none', sm: 'table-cell' } }}>
        <Typography variant="body2">
          {d.status_code !== null ? `HTTP ${d.status_code}` : d.error ? '' : '—'}
          {d.duration_ms !== null && d.status_code !== null ? ` · ${d.duration_ms} ms` : ''}
        </Typography>
        {d.error && (
          <Typography variant="caption" color="error" sx={{ display: 'block' }}>
            {d.error}
          </Typography>
        )}
        {d.response_excerpt && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {d.response_excerpt.slice(0, 120)}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        {new Date(d.last_attempt_at ?? d.created_at).toLocaleString()}
      </TableCell>
      <TableCell align="right" sx={{ px: { xs: 0.5, sm: 2 } }}>
        <Tooltip title="Redeliver">
          <span>
            <IconButton
              size="small"
              disabled={!canSend || busy || d.status === 'pending'}
              onClick={onRedeliver}
              aria-label={`Redeliver ${d.event} delivery ${d.id}`}
            >
              <ReplayOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
