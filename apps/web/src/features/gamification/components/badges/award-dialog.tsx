import type { TBadge } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../../shared/notify/notify.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { type Pick, useAwardBadge } from '../../api/badges.api.ts';
import { PickField } from './pick-field.tsx';

/** Awards a badge by hand to people of the organisation, with an optional reason. */
export function AwardDialog({ badge, onClose }: { badge: TBadge; onClose: () => void }) {
  const award = useAwardBadge();
  const [people, setPeople] = useState<Pick[]>([]);
  const [reason, setReason] = useState('');
  const errors = award.error instanceof ApiError ? award.error.fieldErrors : {};
  return (
    <FormDialog open title={`Award ${badge.name}`} onClose={() => !award.isPending && onClose()}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          award.mutate(
            { id: badge.id, body: { user_ids: people.map((p) => p.id), reason } },
            {
              onSuccess: (result) => {
                const skipped = result.skipped.length;
                notifySuccess(
                  `Awarded to ${result.awarded.length} ${result.awarded.length === 1 ? 'person' : 'people'}${
                    skipped ? `; ${skipped} already had it` : ''
                  }.`,
                );
                onClose();
              },
            },
          );
        }}
      >
        {award.isError && Object.keys(errors).length === 0 && (
          <Alert severity="error">
            {errorMessage(award.error, 'The badge could not be awarded.')}
          </Alert>
        )}
        <PickField
          kind="people"
          label="People"
          value={people}
          onChange={setPeople}
          error={errors.user_ids?.[0]}
        />
        <TextField
          label="Reason (optional)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          error={Boolean(errors.reason)}
          helperText={errors.reason?.[0]}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={award.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={award.isPending}
            disabled={people.length === 0}
          >
            Award
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
