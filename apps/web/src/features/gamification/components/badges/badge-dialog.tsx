import { BADGE_IMAGE_SIDE, type TBadge } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../../shared/api/upload.ts';
import type { FileRule } from '../../../../shared/files/file-rules.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { type ImageChoice, ImageFileField } from '../../../../shared/ui/image-file-field.tsx';
import { UploadProgressBar } from '../../../../shared/ui/upload-progress.tsx';
import type { Pick } from '../../api/badges.api.ts';
import { useSaveBadge } from '../../api/badges.api.ts';
import { PickField, picksOf } from './pick-field.tsx';

const IMAGE_RULE: FileRule = {
  allowed: ['image/png', 'image/jpeg', 'image/webp'],
  maxBytes: 10 * 1024 * 1024,
};

/**
 * Adds or changes a badge: name, description, image (made a square PNG by the server), criteria
 * (all must hold, or manual only), whether it is active and whether awards go on the wall.
 */
export function BadgeDialog({
  badge,
  others,
  onClose,
}: {
  /** null: a new badge. */
  badge: TBadge | null;
  /** The organisation's other badges, for "earned these badges". */
  others: TBadge[];
  onClose: () => void;
}) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const save = useSaveBadge(setProgress);
  const c = badge?.criteria;
  const [name, setName] = useState(badge?.name ?? '');
  const [description, setDescription] = useState(badge?.description ?? '');
  const [image, setImage] = useState<ImageChoice>({ file: null, remove: false });
  const [manual, setManual] = useState(c?.manual_only ?? false);
  const [courses, setCourses] = useState<Pick[]>(picksOf(c?.courses ?? []));
  const [paths, setPaths] = useState<Pick[]>(picksOf(c?.learning_paths ?? []));
  const [assessments, setAssessments] = useState<Pick[]>(picksOf(c?.assessments ?? []));
  const [points, setPoints] = useState(c?.points ? String(c.points) : '');
  const [badges, setBadges] = useState<number[]>(c?.badges ?? []);
  const [active, setActive] = useState(badge?.active ?? true);
  const [toWall, setToWall] = useState(badge?.post_to_wall ?? false);
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const close = () => {
    if (!save.isPending) onClose();
  };

  const submit = () => {
    const form = new FormData();
    form.set('name', name);
    form.set('description', description);
    form.set(
      'criteria',
      JSON.stringify(
        manual
          ? { manual_only: true }
          : {
              courses: courses.map((p) => p.id),
              learning_paths: paths.map((p) => p.id),
              assessments: assessments.map((p) => p.id),
              points: points === '' ? null : Number(points),
              badges,
            },
      ),
    );
    form.set('active', String(active));
    form.set('post_to_wall', String(toWall));
    if (image.file) form.set('image', image.file);
    setProgress(null);
    save.mutate({ id: badge?.id, form }, { onSuccess: onClose });
  };

  return (
    <FormDialog
      open
      title={badge ? `Edit ${badge.name}` : 'Add a badge'}
      onClose={close}
      maxWidth="md"
    >
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {save.isError && Object.keys(errors).length === 0 && (
          <Alert severity="error">
            {errorMessage(save.error, 'The badge could not be saved.')}
          </Alert>
        )}
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: 100 } }}
          error={Boolean(errors.name)}
          helperText={errors.name?.[0]}
        />
        <TextField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          error={Boolean(errors.description)}
          helperText={errors.description?.[0]}
        />
        <ImageFileField
          rule={IMAGE_RULE}
          current={badge?.image_url ?? null}
          value={image}
          onChange={(v) => setImage({ file: v.file, remove: false })}
          error={errors.image?.[0]}
          inputLabel="Badge image"
          renderPreview={(src) => (
            <Avatar
              src={src ?? undefined}
              alt=""
              variant="rounded"
              sx={{ width: 64, height: 64 }}
            />
          )}
        />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          PNG, JPEG or WebP; shown as a {BADGE_IMAGE_SIDE}×{BADGE_IMAGE_SIDE} square.
        </Typography>

        <Typography variant="subtitle2" component="h3">
          Criteria (all must hold)
        </Typography>
        <FormControlLabel
          control={<Switch checked={manual} onChange={(e) => setManual(e.target.checked)} />}
          label="Manual only (awarded by admins)"
        />
        {!manual && (
          <Stack spacing={2}>
            <PickField
              kind="courses"
              label="Completed courses"
              value={courses}
              onChange={setCourses}
            />
            <PickField
              kind="learning_paths"
              label="Completed learning paths"
              value={paths}
              onChange={setPaths}
            />
            <PickField
              kind="assessments"
              label="Passed assessments"
              value={assessments}
              onChange={setAssessments}
            />
            <TextField
              label="Points reached"
              type="number"
              value={points}
              onChange={(e) => setPoints(e.target.value)}
              slotProps={{ htmlInput: { min: 1 } }}
              sx={{ maxWidth: 220 }}
            />
            <TextField
              select
              label="Earned badges"
              value={badges}
              onChange={(e) => {
                const v = e.target.value as unknown as number[] | string;
                setBadges(typeof v === 'string' ? v.split(',').map(Number) : v);
              }}
              slotProps={{ select: { multiple: true } }}
              disabled={others.length === 0}
            >
              {others.map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {b.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}
        {errors.criteria && <Alert severity="error">{errors.criteria[0]}</Alert>}
        <FormControlLabel
          control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
          label="Active"
        />
        <FormControlLabel
          control={<Switch checked={toWall} onChange={(e) => setToWall(e.target.checked)} />}
          label="Post awards to the social wall (for people who share achievements)"
        />
        {save.isPending && image.file && <UploadProgressBar progress={progress} />}
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
