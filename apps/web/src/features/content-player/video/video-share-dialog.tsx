import type { TVideoShare, TVideoShareCreated } from '@atrium/contract';
import ContentCopy from '@mui/icons-material/ContentCopy';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useConfirmedRemoval } from '../../../shared/hooks/use-confirmed-removal.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useVideoStatus } from '../api/video.api.ts';
import {
  useCreateVideoShare,
  useRevokeVideoShare,
  useVideoShares,
} from '../api/video-share.api.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The full address of a share link, to paste anywhere. */
export const absoluteLink = (url: string) => new URL(url, window.location.origin).toString();

function stateOf(s: TVideoShare): { label: string; color: 'success' | 'default' } {
  if (s.revoked_at) return { label: 'Revoked', color: 'default' };
  if (!s.active) return { label: 'Expired', color: 'default' };
  return { label: 'Active', color: 'success' };
}

function ShareRow({
  share,
  onRevoke,
  busy,
}: {
  share: TVideoShare;
  onRevoke: () => void;
  busy: boolean;
}) {
  const state = stateOf(share);
  const expiry = share.expires_at ? `expires ${when(share.expires_at)}` : 'no expiry';
  return (
    <ListItem
      disableGutters
      secondaryAction={
        share.active ? (
          <Button size="small" color="error" disabled={busy} onClick={onRevoke}>
            Revoke
          </Button>
        ) : undefined
      }
    >
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>Made {when(share.created_at)}</span>
            <Chip size="small" variant="outlined" color={state.color} label={state.label} />
          </Stack>
        }
        secondary={`${share.course_title} · ${expiry}`}
        sx={{ pr: share.active ? 10 : 0 }}
      />
    </ListItem>
  );
}

/**
 * "Share publicly" for a course's managers: make a link anyone can play while the course is
 * published (optionally until a date), copy it — it is shown only once — and revoke links.
 */
export function VideoShareDialog({
  fileId,
  courseId,
  name,
  open,
  onClose,
}: {
  fileId: number;
  courseId: number;
  name: string;
  open: boolean;
  onClose: () => void;
}) {
  const shares = useVideoShares(fileId, open);
  const create = useCreateVideoShare(fileId);
  const revoke = useRevokeVideoShare(fileId);
  // A revoked link cannot be brought back: whoever was sent it loses the video at once.
  const revoking = useConfirmedRemoval<TVideoShare>((id) => revoke.mutateAsync(id), {
    done: 'Link revoked.',
    failed: 'The link could not be revoked.',
  });
  const [expiry, setExpiry] = useState('');
  const [made, setMade] = useState<TVideoShareCreated | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expires_at = expiry ? new Date(expiry).toISOString() : null;
    create.mutate({ course: courseId, expires_at }, { onSuccess: (s) => setMade(s) });
  };
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      notifySuccess('Link copied.');
    } catch {
      notifyError(`Copy this link: ${link}`);
    }
  };
  const close = () => {
    setMade(null);
    setExpiry('');
    onClose();
  };
  const link = made ? absoluteLink(made.url) : null;

  return (
    <FormDialog open={open} title={`Share “${name}” publicly`} onClose={close}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Anyone with the link can watch this video without signing in, while the course is
          published and until the link expires or is revoked.
        </Typography>
        <Stack component="form" onSubmit={submit} spacing={1} noValidate>
          <TextField
            label="Expires (optional)"
            type="datetime-local"
            size="small"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            helperText="Leave empty for a link that works until you revoke it."
          />
          {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
          <Button
            type="submit"
            variant="contained"
            startIcon={<ShareOutlined />}
            disabled={create.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            Create link
          </Button>
        </Stack>
        {link && (
          <Alert severity="success" role="status">
            <Stack spacing={1}>
              <span>Copy the link now: it is shown only once.</span>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  fullWidth
                  value={link}
                  slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Share link' } }}
                  onFocus={(e) => e.target.select()}
                />
                <Tooltip title="Copy link">
                  <IconButton aria-label="Copy link" onClick={() => void copy(link)}>
                    <ContentCopy />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Stack>
          </Alert>
        )}
        <Divider />
        <Typography variant="subtitle2" component="h3">
          Links
        </Typography>
        {shares.isPending ? (
          <CircularProgress size={24} aria-label="Loading the links" />
        ) : shares.isError ? (
          <Alert severity="error">{errorMessage(shares.error)}</Alert>
        ) : shares.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No links yet.
          </Typography>
        ) : (
          <List dense aria-label="Share links">
            {shares.data.map((s) => (
              <ShareRow
                key={s.id}
                share={s}
                busy={revoke.isPending}
                onRevoke={() => revoking.ask(s)}
              />
            ))}
          </List>
        )}
      </Stack>
      <DialogActions sx={{ px: 0 }}>
        <Button onClick={close}>Close</Button>
      </DialogActions>
      <ConfirmDialog
        open={revoking.pending !== null}
        title="Revoke this link?"
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onConfirm={() => void revoking.confirm()}
        onClose={revoking.cancel}
      >
        Anyone who has the link can no longer watch the video. A revoked link cannot be restored;
        you can create a new one.
      </ConfirmDialog>
    </FormDialog>
  );
}

/** The author's button next to a ready video of a course: opens the share dialog. */
export function VideoShareButton({
  fileId,
  courseId,
  name,
}: {
  fileId: number;
  courseId: number;
  name: string;
}) {
  const status = useVideoStatus(fileId);
  const [open, setOpen] = useState(false);
  if (status.data?.status !== 'ready') return null;
  return (
    <>
      <Tooltip title="Share publicly">
        <IconButton
          size="small"
          aria-label={`Share ${name} publicly`}
          onClick={() => setOpen(true)}
        >
          <ShareOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <VideoShareDialog
        fileId={fileId}
        courseId={courseId}
        name={name}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
