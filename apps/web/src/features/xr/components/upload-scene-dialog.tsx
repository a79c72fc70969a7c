import { type TXrScene, XR_ASSET_TYPES, XR_MODEL_MAX_BYTES } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { type FileRule, fileProblem, formatBytes } from '../../../shared/files/file-rules.ts';
import { FileDropZone } from '../../../shared/ui/file-drop-zone.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { UploadProgressBar } from '../../../shared/ui/upload-progress.tsx';
import { useCreateScene } from '../api/xr.api.ts';

const RULE: FileRule = { allowed: XR_ASSET_TYPES, maxBytes: XR_MODEL_MAX_BYTES };

/** Upload a model or a 360° image with a title; the server checks it (its message is shown). */
export function UploadSceneDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (scene: TXrScene) => void;
}) {
  const create = useCreateScene();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);

  const reset = () => {
    setTitle('');
    setFile(null);
    setProgress(null);
    setProblem(null);
    setTitleError(null);
    create.reset();
  };
  const close = () => {
    if (create.isPending) return;
    reset();
    onClose();
  };
  const choose = (chosen: File) => {
    setProblem(fileProblem(chosen, RULE));
    setFile(chosen);
    if (!title.trim()) setTitle(chosen.name.replace(/\.[^.]+$/, '').slice(0, 200));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setTitleError('Enter the scene title.');
    if (!file) return setProblem('Choose a model or a 360° image.');
    if (problem) return;
    create.mutate(
      { title: title.trim(), file, onProgress: setProgress },
      {
        onSuccess: (scene) => {
          reset();
          onCreated(scene);
        },
        onError: () => setProgress(null),
      },
    );
  };
  const fieldErrors = create.error instanceof ApiError ? create.error.fieldErrors : undefined;

  return (
    <FormDialog open={open} title="Upload a scene" onClose={close}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          A 3D model as a self-contained glTF binary (.glb), or a 360° photo: an equirectangular
          JPEG, PNG or WebP about twice as wide as high.
        </Typography>
        <TextField
          label="Title"
          value={title}
          required
          onChange={(event) => {
            setTitle(event.target.value);
            setTitleError(null);
          }}
          error={Boolean(titleError ?? fieldErrors?.title)}
          helperText={titleError ?? fieldErrors?.title?.[0]}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          disabled={create.isPending}
        />
        <FileDropZone
          rule={RULE}
          onFile={choose}
          disabled={create.isPending}
          buttonLabel="Choose a file"
        />
        {file && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Chosen: <strong>{file.name}</strong> ({formatBytes(file.size)})
          </Typography>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        {create.isError && (
          <Alert severity="error">
            {fieldErrors?.asset?.[0] ??
              errorMessage(create.error, 'The scene could not be uploaded.')}
          </Alert>
        )}
        {create.isPending && <UploadProgressBar progress={progress} />}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Upload
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
