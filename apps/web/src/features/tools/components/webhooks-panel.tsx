import type { TWebhook, TWebhookWithSecret } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import {
  useDeleteWebhook,
  usePing,
  useRotateSecret,
  useUpdateWebhook,
  useWebhooks,
  WEBHOOK_PAGE_SIZE,
} from '../api/webhooks.api.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { WebhookDialog } from './webhook-dialog.tsx';

type Confirm = { kind: 'delete' | 'rotate'; webhook: TWebhook } | null;

/** The Webhooks tab (admins): the organisation's webhooks, each with its delivery log. */
export function WebhooksPanel() {
  const [page, setPage] = useState(1);
  const list = useWebhooks(page);
  const [editing, setEditing] = useState<TWebhook | 'new' | null>(null);
  const [shown, setShown] = useState<TWebhookWithSecret | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();

  const confirmAction = async () => {
    if (!confirm) return;
    if (confirm.kind === 'delete') {
      await remove.mutateAsync(confirm.webhook.id).catch(() => {});
      notifySuccess('Webhook deleted.');
    } else {
      const rotated = await rotate.mutateAsync(confirm.webhook.id).catch(() => null);
      if (rotated) setShown(rotated);
    }
    setConfirm(null);
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Typography sx={{ flex: 1 }} color="text.secondary">
          Tell other systems what happens here: each event is POSTed as signed JSON to the URLs you
          subscribe, retried when they fail.
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing('new')}>
          Add webhook
        </Button>
      </Stack>
      {(remove.isError || rotate.isError) && (
        <Alert severity="error">{errorMessage(remove.error ?? rotate.error)}</Alert>
      )}
      {list.isPending ? (
        <Stack spacing={1} aria-label="Loading webhooks">
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : list.isError ? (
        <LoadError
          error={list.error}
          fallback="The webhooks could not be loaded."
          onRetry={() => list.refetch()}
        />
      ) : list.data.results.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="text.secondary">No webhooks yet.</Typography>
        </Paper>
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.data.results.map((w) => (
            <WebhookCard
              key={w.id}
              webhook={w}
              onEdit={() => setEditing(w)}
              onDelete={() => setConfirm({ kind: 'delete', webhook: w })}
              onRotate={() => setConfirm({ kind: 'rotate', webhook: w })}
            />
          ))}
        </Stack>
      )}
      {list.data && list.data.count > WEBHOOK_PAGE_SIZE && (
        <Pagination
          page={page}
          count={Math.ceil(list.data.count / WEBHOOK_PAGE_SIZE)}
          onChange={(_e, value) => setPage(value)}
        />
      )}
      {editing && (
        <WebhookDialog
          webhook={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            setShown(created);
          }}
        />
      )}
      {shown && (
        <SecretDialog
          open
          title="Signing secret"
          label="Signing secret"
          secret={shown.secret}
          onClose={() => setShown(null)}
        >
          <Typography variant="body2" sx={{ mb: 2 }}>
            Receivers check each delivery with it: the <code>Atrium-Signature</code> header is{' '}
            <code>v1=</code> and the hex HMAC-SHA256 of <code>timestamp.body</code>, keyed with this
            secret, the timestamp being the <code>Atrium-Timestamp</code> header.
          </Typography>
        </SecretDialog>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'delete' ? 'Delete this webhook?' : 'Rotate the secret?'}
        confirmLabel={confirm?.kind === 'delete' ? 'Delete' : 'Rotate'}
        destructive
        busy={remove.isPending || rotate.isPending}
        onConfirm={confirmAction}
        onClose={() => setConfirm(null)}
      >
        {confirm?.kind === 'delete'
          ? `Deliveries to ${confirm.webhook.url} stop and its delivery log is deleted.`
          : 'The current secret stops working at once; receivers must use the new one.'}
      </ConfirmDialog>
    </Stack>
  );
}

function WebhookCard({
  webhook: w,
  onEdit,
  onDelete,
  onRotate,
}: {
  webhook: TWebhook;
  onEdit: () => void;
  onDelete: () => void;
  onRotate: () => void;
}) {
  const [open, setOpen] = useState(false);
  const update = useUpdateWebhook();
  const ping = usePing();
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            component="h3"
            variant="subtitle1"
            sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {w.url}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={w.is_active}
                disabled={update.isPending}
                onChange={(e) => update.mutate({ id: w.id, body: { is_active: e.target.checked } })}
              />
            }
            label={w.is_active ? 'On' : 'Off'}
          />
        </Stack>
        {w.description && <Typography variant="body2">{w.description}</Typography>}
        {w.disabled_reason && <Alert severity="warning">{w.disabled_reason}</Alert>}
        {(update.isError || ping.isError) && (
          <Alert severity="error">{errorMessage(update.error ?? ping.error)}</Alert>
        )}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {w.events.map((e) => (
            <Chip key={e} size="small" label={e} variant="outlined" />
          ))}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          Secret {w.secret_hint}… · {w.consecutive_failures} failure
          {w.consecutive_failures === 1 ? '' : 's'} in a row
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button
            size="small"
            disabled={!w.is_active || ping.isPending}
            onClick={() =>
              ping.mutate(w.id, {
                onSuccess: () => {
                  setOpen(true);
                  notifySuccess('Test event queued.');
                },
              })
            }
          >
            Send test event
          </Button>
          <Button size="small" onClick={onEdit}>
            Edit
          </Button>
          <Button size="small" onClick={onRotate}>
            Rotate secret
          </Button>
          <Button size="small" color="error" onClick={onDelete}>
            Delete
          </Button>
        </Stack>
        <Collapse in={open} unmountOnExit>
          <DeliveryLog webhookId={w.id} canSend={w.is_active} />
        </Collapse>
      </Stack>
    </Paper>
  );
}
