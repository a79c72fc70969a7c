import { MATCH_NOTE_MAX, type TMatchDecision, type TPlagiarismMatch } from '@atrium/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { useDecide } from '../api/plagiarism.api.ts';

export const DECISION_LABELS: Record<TMatchDecision, string> = {
  pending: 'Not reviewed',
  acceptable: 'Acceptable',
  flagged: 'Flagged',
};

/** Marks one match acceptable or flagged (or back to not reviewed), with an optional note. */
export function MatchDecision({
  match,
  canDecide,
}: {
  match: TPlagiarismMatch;
  canDecide: boolean;
}) {
  const [note, setNote] = useState(match.note);
  const decide = useDecide();
  const save = (decision: TMatchDecision) =>
    decide.mutate(
      { id: match.id, body: { decision, note: note.trim() } },
      {
        onSuccess: () => notifySuccess(`Marked ${DECISION_LABELS[decision].toLowerCase()}.`),
        onError: (err) => notifyError(errorMessage(err, 'The decision could not be saved.')),
      },
    );
  const by = match.decided_by
    ? ` by ${match.decided_by.fullname}${match.decided_at ? `, ${new Date(match.decided_at).toLocaleString()}` : ''}`
    : '';
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        Decision: <strong>{DECISION_LABELS[match.decision]}</strong>
        {by}
      </Typography>
      {canDecide && (
        <>
          <TextField
            label="Note (optional)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: MATCH_NOTE_MAX } }}
          />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant={match.decision === 'acceptable' ? 'contained' : 'outlined'}
              color="success"
              onClick={() => save('acceptable')}
              disabled={decide.isPending}
            >
              Acceptable
            </Button>
            <Button
              variant={match.decision === 'flagged' ? 'contained' : 'outlined'}
              // Warning orange is too pale on white for text (axe): flags are red.
              color="error"
              onClick={() => save('flagged')}
              disabled={decide.isPending}
            >
              Flag
            </Button>
            {match.decision !== 'pending' && (
              <Button onClick={() => save('pending')} disabled={decide.isPending}>
                Clear decision
              </Button>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
