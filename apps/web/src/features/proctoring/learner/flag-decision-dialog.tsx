import { type TProctoringFlag, ZFlagDecisionInput } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDecideFlag } from '../api/proctoring.api.ts';
import {
  type FieldMessages,
  issuesByField,
  onlyFieldErrors,
  serverFieldErrors,
} from '../components/field-errors.ts';
import { flagTypeLabel, formatTime } from '../labels.tsx';

export type FlagDecision = 'dismissed' | 'confirmed';

const WORDS: Record<FlagDecision, { title: string; action: string; meaning: string }> = {
  dismissed: {
    title: 'Dismiss this flag?',
    action: 'Dismiss flag',
    meaning:
      'It was not what it looked like. The flag stays on record as dismissed, does not count against the learner and is never shown to them.',
  },
  confirmed: {
    title: 'Confirm this flag?',
    action: 'Confirm flag',
    meaning:
      'It happened as flagged. The learner sees confirmed flags with their result. Confirming alone does not change the result: the attempt decision does.',
  },
};

export interface FlagDecisionRequest {
  flag: TProctoringFlag;
  decision: FlagDecision;
}

/** Dismiss or confirm one flag, with an optional comment; audited, and can be changed later. */
export function FlagDecisionDialog({
  session,
  request,
  onClose,
}: {
  session: number;
  request: FlagDecisionRequest | null;
  onClose: () => void;
}) {
  const titleId = useId();
  // The last request stays shown while the dialog fades out, instead of flashing empty.
  const last = useRef(request);
  if (request) last.current = request;
  const shown = request ?? last.current;
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      {shown && (
        <DecisionForm
          key={`${shown.flag.id}-${shown.decision}`}
          titleId={titleId}
          session={session}
          flag={shown.flag}
          decision={shown.decision}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function DecisionForm({
  titleId,
  session,
  flag,
  decision,
  onClose,
}: {
  titleId: string;
  session: number;
  flag: TProctoringFlag;
  decision: FlagDecision;
  onClose: () => void;
}) {
  const [comment, setComment] = useState(flag.decision === decision ? flag.comment : '');
  const [errors, setErrors] = useState<FieldMessages>({});
  const decide = useDecideFlag(session);
  const words = WORDS[decision];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZFlagDecisionInput.safeParse({ decision, comment });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    decide.mutate(
      { flag: flag.id, decision, comment: parsed.data.comment },
      { onSuccess: onClose, onError: (error) => setErrors(serverFieldErrors(error)) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>{words.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {flagTypeLabel(flag.type)} at {formatTime(flag.occurred_at)}. {words.meaning}
        </DialogContentText>
        {decide.isError && !onlyFieldErrors(decide.error, errors) && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {errorMessage(decide.error)}
          </Alert>
        )}
        {errors.decision && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.decision}
          </Alert>
        )}
        <TextField
          label="Comment (optional)"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          error={Boolean(errors.comment)}
          helperText={errors.comment ?? 'Kept with the decision in the audit log.'}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={decide.isPending} color="inherit">
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={decision === 'confirmed' ? 'error' : 'primary'}
          loading={decide.isPending}
        >
          {words.action}
        </Button>
      </DialogActions>
    </form>
  );
}
