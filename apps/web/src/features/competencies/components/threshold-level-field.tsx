import type { TCompetencyScaleLevel, TCompetencyThreshold } from '@atrium/contract';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { useUpdateThreshold } from '../api/competencies.api.ts';
import { levelLabel } from '../labels.ts';
import { failure, messagesAt } from './form-errors.ts';

/**
 * A threshold's level, changed in place (PATCH /api/threshold/:id/): the row shows the saved
 * level again while the request runs, and the server's refusal under the field.
 */
export function ThresholdLevelField({
  threshold,
  scale,
  label,
}: {
  threshold: TCompetencyThreshold;
  scale: TCompetencyScaleLevel[];
  /** Names the field for screen readers: whose threshold it is. */
  label: string;
}) {
  const update = useUpdateThreshold();
  const [error, setError] = useState<string | undefined>();
  // While saving, show the level asked for; afterwards the refreshed list has it.
  const shown = update.isPending ? update.variables.level : threshold.level;

  function change(value: string) {
    const level = Number(value);
    if (level === threshold.level) return;
    setError(undefined);
    update.mutate(
      { id: threshold.id, level },
      {
        onSuccess: () => notifySuccess('Threshold saved.'),
        onError: (err) => {
          const { fields, message } = failure(err);
          setError(messagesAt(fields, 'level') ?? message ?? undefined);
        },
      },
    );
  }

  // A level the scale no longer has (should not happen: the server keeps the scale long enough).
  const options = scale.some((l) => l.level === shown)
    ? scale
    : [...scale, { level: shown, name: '' }];
  return (
    <TextField
      select
      size="small"
      value={String(shown)}
      onChange={(e) => change(e.target.value)}
      disabled={update.isPending}
      error={Boolean(error)}
      helperText={error}
      sx={{ minWidth: 130 }}
      slotProps={{
        select: { SelectDisplayProps: { 'aria-label': label } },
        input: update.isPending
          ? {
              endAdornment: (
                <InputAdornment position="end" sx={{ mr: 2 }}>
                  <CircularProgress size={16} aria-label="Saving" />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    >
      {options.map((l) => (
        <MenuItem key={l.level} value={String(l.level)}>
          {levelLabel(scale, l.level)}
        </MenuItem>
      ))}
    </TextField>
  );
}
