import {
  COMPETENCY_OUTCOMES,
  type TCompetencyLink,
  type TCompetencyOutcome,
  type TCompetencyScaleLevel,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useUpdateLink } from '../api/competencies.api.ts';
import { levelLabel, OUTCOME_LABELS } from '../labels.ts';
import { targetLabel } from './link-target-label.ts';

/**
 * Change what a link gives (its outcome and level). Its competency and target stay: another
 * target is another link (delete this one and add that).
 */
export function LinkEditDialog({
  link,
  competencyName,
  scale,
  onClose,
}: {
  link: TCompetencyLink | null;
  competencyName: string;
  scale: TCompetencyScaleLevel[];
  onClose: () => void;
}) {
  const [outcome, setOutcome] = useState<TCompetencyOutcome>('evidence');
  const [level, setLevel] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateLink();

  useEffect(() => {
    if (!link) return;
    setOutcome(link.outcome);
    setLevel(String(link.level));
    setErrors({});
    setMessage(null);
  }, [link]);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!link) return;
    try {
      await update.mutateAsync({ id: link.id, body: { outcome, level: Number(level) } });
      notifySuccess('Link saved.');
      onClose();
    } catch (err) {
      setErrors(err instanceof ApiError ? err.fieldErrors : {});
      setMessage(errorMessage(err));
    }
  }

  const fieldError = (f: string) => errors[f]?.join(' ');
  const busy = update.isPending;
  return (
    <FormDialog open={link !== null} title="Edit link" onClose={busy ? () => {} : onClose}>
      <Stack component="form" spacing={2} onSubmit={submit} aria-label="Edit link" noValidate>
        {message && <Alert severity="error">{message}</Alert>}
        {link && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {competencyName} · {targetLabel(link)}
          </Typography>
        )}
        <TextField
          select
          label="Outcome"
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as TCompetencyOutcome)}
          error={Boolean(fieldError('outcome'))}
          helperText={fieldError('outcome')}
        >
          {COMPETENCY_OUTCOMES.map((o) => (
            <MenuItem key={o} value={o}>
              {OUTCOME_LABELS[o]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Level"
          value={level}
          onChange={(e) => setLevel(e.target.value)}
          error={Boolean(fieldError('level'))}
          helperText={fieldError('level')}
        >
          {/* A level the scale no longer has stays selectable so the form shows what is saved. */}
          {level !== '' && !scale.some((l) => String(l.level) === level) && (
            <MenuItem value={level}>{level}</MenuItem>
          )}
          {scale.map((l) => (
            <MenuItem key={l.level} value={String(l.level)}>
              {levelLabel(scale, l.level)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !level}>
            Save
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
