import type { TModerationAction, TModerationItem, TReportReason } from '@atrium/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { OUTCOME_LABELS, REASON_LABELS } from '../labels.ts';
import { ActionDialog } from './action-dialog.tsx';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One item of the queue: what, whose, why, and the decisions an open one takes. */
export function QueueItemCard({ item }: { item: TModerationItem }) {
  const [action, setAction] = useState<TModerationAction | null>(null);
  const reasons = Object.entries(item.reasons) as [TReportReason, number][];
  const buttons: { action: TModerationAction; label: string; color?: 'error' }[] = [
    { action: 'hide', label: 'Hide' },
    { action: 'restore', label: item.held ? 'Release' : 'Restore' },
    { action: 'delete', label: 'Delete', color: 'error' },
    // A held item waits for a decision on the words themselves: dismissing would leave it held.
    ...(item.held ? [] : [{ action: 'dismiss' as const, label: 'Dismiss' }]),
  ];
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={`${item.kind_label} by ${item.author?.fullname ?? 'a former member'}`}
    >
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          <Chip size="small" label={item.kind_label} />
          {item.held && <Chip size="small" color="warning" label="Held: banned words" />}
          {item.outcome && (
            <Chip size="small" variant="outlined" label={OUTCOME_LABELS[item.outcome]} />
          )}
        </Stack>
        <Typography sx={{ overflowWrap: 'anywhere', mb: 1 }}>
          {item.excerpt || <em>(no text)</em>}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          By {item.author?.fullname ?? 'a former member'} · opened {when(item.opened_at)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {item.report_count === 0
            ? 'No reports'
            : `${item.report_count} ${item.report_count === 1 ? 'report' : 'reports'}: ${reasons
                .map(([r, n]) => `${REASON_LABELS[r]}${n > 1 ? ` (${n})` : ''}`)
                .join(', ')}`}
        </Typography>
        {item.resolved_at && (
          <Typography variant="body2" color="text.secondary">
            {item.outcome ? OUTCOME_LABELS[item.outcome] : 'Resolved'} by{' '}
            {item.resolved_by?.fullname ?? 'a former admin'} · {when(item.resolved_at)}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Button component={RouterLink} to={item.link} size="small">
          Open
        </Button>
        {item.status === 'open' &&
          buttons
            .filter((b) => item.abilities[b.action])
            .map((b) => (
              <Button
                key={b.action}
                size="small"
                variant="outlined"
                color={b.color ?? 'primary'}
                onClick={() => setAction(b.action)}
              >
                {b.label}
              </Button>
            ))}
      </CardActions>
      {action && (
        <ActionDialog
          itemId={item.id}
          action={action}
          released={item.held}
          onClose={() => setAction(null)}
        />
      )}
    </Card>
  );
}
