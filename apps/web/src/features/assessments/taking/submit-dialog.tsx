import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

const list = (numbers: number[]) => numbers.join(', ');

/** Asks before submitting, naming the questions left unanswered or flagged. */
export function SubmitDialog({
  open,
  unanswered,
  flagged,
  unsaved,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  unanswered: number[];
  flagged: number[];
  /** Changes the server does not hold yet (offline). */
  unsaved: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Submit your attempt?</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>You cannot change your answers after submitting.</Typography>
        {unanswered.length > 0 && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {unanswered.length === 1 ? 'Question' : 'Questions'} {list(unanswered)}{' '}
            {unanswered.length === 1 ? 'is' : 'are'} not answered.
          </Alert>
        )}
        {flagged.length > 0 && (
          <Alert severity="info" sx={{ mb: 1 }}>
            You flagged {flagged.length === 1 ? 'question' : 'questions'} {list(flagged)} for
            review.
          </Alert>
        )}
        {unsaved > 0 && (
          <Alert severity="error">
            Some answers have not reached the server yet. Submitting sends them first; stay online.
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit" autoFocus>
          Keep working
        </Button>
        <Button onClick={onConfirm} loading={busy} variant="contained">
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Another window took the attempt over (a 409 on save): take it back here. */
export function ConflictDialog({
  message,
  onTakeBack,
}: {
  /** The server's words; null while no other window holds the attempt. */
  message: string | null;
  onTakeBack: () => void;
}) {
  return (
    <Dialog
      open={message !== null}
      aria-labelledby="attempt-conflict-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="attempt-conflict-title">
        This attempt continues in another window
      </DialogTitle>
      <DialogContent>
        <Typography>
          {message} Your answers are saved from one window at a time. You can take the attempt back
          here; the other window then stops saving.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onTakeBack} autoFocus>
          Continue here
        </Button>
      </DialogActions>
    </Dialog>
  );
}
