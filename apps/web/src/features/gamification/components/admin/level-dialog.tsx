import { IMAGE_MAX_BYTES, IMAGE_TYPES, type TLevel } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import type { FileRule } from '../../../../shared/files/file-rules.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { type ImageChoice, ImageFileField } from '../../../../shared/ui/image-file-field.tsx';
import { useSaveLevel } from '../../api/admin.api.ts';

const IMAGE_RULE: FileRule = { allowed: IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES };

/**
 * Adds or changes a level: its name, the points it starts at (the first level starts at 0; a
 * level runs to the next one's start), its colour and an optional image (the top bar's badge).
 */
export function LevelDialog({
  level,
  open,
  firstLevel,
  onClose,
}: {
  /** null: a new level. */
  level: TLevel | null;
  open: boolean;
  /** No levels yet: the new one must start at 0. */
  firstLevel: boolean;
  onClose: () => void;
}) {
  const save = useSaveLevel();
  const [name, setName] = useState(level?.name ?? '');
  const [minPoints, setMinPoints] = useState(String(level?.min_points ?? (firstLevel ? 0 : '')));
  const [color, setColor] = useState(level?.color ?? '#1e88e5');
  const [image, setImage] = useState<ImageChoice>({ file: null, remove: false });
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const close = () => {
    if (!save.isPending) onClose();
  };

  return (
    <FormDialog open={open} title={level ? `Edit ${level.name}` : 'Add a level'} onClose={close}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            {
              id: level?.id ?? null,
              fields: { name, min_points: Number(minPoints), color },
              image,
            },
            { onSuccess: onClose },
          );
        }}
      >
        {save.isError && Object.keys(errors).length === 0 && (
          <Alert severity="error">
            {errorMessage(save.error, 'The level could not be saved.')}
          </Alert>
        )}
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: 60 } }}
          error={Boolean(errors.name)}
          helperText={errors.name?.[0]}
        />
        <TextField
          label="Starts at (points)"
          type="number"
          value={minPoints}
          onChange={(e) => setMinPoints(e.target.value)}
          required
          slotProps={{ htmlInput: { min: 0 } }}
          error={Boolean(errors.min_points)}
          helperText={
            errors.min_points?.[0] ??
            (firstLevel ? 'The first level starts at 0 points.' : undefined)
          }
        />
        <TextField
          label="Colour"
          type="color"
          value={color}
          onChange={(e) => setColor(e.target.value)}
          error={Boolean(errors.color)}
          helperText={errors.color?.[0]}
          sx={{ maxWidth: 160 }}
        />
        <ImageFileField
          rule={IMAGE_RULE}
          current={level?.image?.url ?? null}
          value={image}
          onChange={setImage}
          error={errors.image?.[0]}
          inputLabel="Level image"
          renderPreview={(src) => (
            <Avatar src={src ?? undefined} alt="" sx={{ width: 56, height: 56, bgcolor: color }} />
          )}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
