import { type TAttemptOutcome, type TProctorDetail, ZAttemptDecisionInput } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDecideAttempt } from '../api/proctoring.api.ts';
import { OutcomeChip } from '../components/chips.tsx';
import {
  type FieldMessages,
  issuesByField,
  onlyFieldErrors,
  serverFieldErrors,
} from '../components/field-errors.ts';
import { ATTEMPT_OUTCOME_LIST, formatTime, OUTCOME } from '../labels.tsx';

/**
 * The proctor's decision on the whole attempt: the only thing in proctoring that changes a
 * result. Shown as it stands; changing it opens the form again (each change is audited).
 */
export function AttemptDecision({ detail }: { detail: TProctorDetail }) {
  const [editing, setEditing] = useState(false);
  const canDecide = detail.abilities.decide;

  if (detail.outcome && !editing) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <OutcomeChip outcome={detail.outcome} />
        <Typography variant="body2">{OUTCOME[detail.outcome].explanation}</Typography>
        {detail.outcome_comment && (
          <Typography variant="body2">“{detail.outcome_comment}”</Typography>
        )}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Decided{detail.decided_by && ` by ${detail.decided_by.name}`}
          {detail.decided_at && `, ${formatTime(detail.decided_at)}`}
        </Typography>
        {canDecide && (
          <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
            Change decision
          </Button>
        )}
      </Stack>
    );
  }
  if (!canDecide) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Not decided yet. Nothing changes the learner’s result until a proctor decides.
      </Typography>
    );
  }
  return <DecisionForm detail={detail} onDone={() => setEditing(false)} />;
}

function DecisionForm({ detail, onDone }: { detail: TProctorDetail; onDone: () => void }) {
  const [outcome, setOutcome] = useState<TAttemptOutcome | ''>(detail.outcome ?? '');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const decide = useDecideAttempt(detail.session);
  const labelId = useId();
  const pending = detail.flags.filter((f) => f.decision === 'pending').length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZAttemptDecisionInput.safeParse({ session: detail.session, outcome, comment });
    const next = parsed.success ? {} : issuesByField(parsed.error);
    // The contract lets an empty comment through; a decision on someone's result says why.
    if (!comment.trim()) next.comment = 'Say why: the learner and other proctors read it.';
    setErrors(next);
    if (!parsed.success || next.comment) return;
    decide.mutate(
      { outcome: parsed.data.outcome, comment: parsed.data.comment },
      { onSuccess: onDone, onError: (error) => setErrors(serverFieldErrors(error)) },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Attempt decision">
      <Alert severity="info">
        A violation voids the learner’s result for this attempt. A decision can be changed later;
        every decision and change is recorded in the audit log.
      </Alert>
      {pending > 0 && (
        <Alert severity="warning">
          {pending === 1 ? 'One flag is' : `${pending} flags are`} still to review.
        </Alert>
      )}
      {decide.isError && !onlyFieldErrors(decide.error, errors) && (
        <Alert severity="error" role="alert">
          {errorMessage(decide.error)}
        </Alert>
      )}
      <FormControl error={Boolean(errors.outcome)}>
        <FormLabel id={labelId}>Outcome</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={outcome}
          onChange={(event) => setOutcome(event.target.value as TAttemptOutcome)}
        >
          {ATTEMPT_OUTCOME_LIST.map((o) => (
            <FormControlLabel
              key={o}
              value={o}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mt: 0.5 }}
              label={
                <Box sx={{ pt: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {OUTCOME[o].label}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {OUTCOME[o].explanation}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
        {errors.outcome && <FormHelperText>{errors.outcome}</FormHelperText>}
      </FormControl>
      <TextField
        label="Comment"
        required
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={3}
        error={Boolean(errors.comment)}
        helperText={errors.comment ?? 'Why you decided so. The learner sees it with their result.'}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          color={outcome === 'violation' ? 'error' : 'primary'}
          loading={decide.isPending}
        >
          Save decision
        </Button>
        {detail.outcome && (
          <Button color="inherit" onClick={onDone} disabled={decide.isPending}>
            Cancel
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
