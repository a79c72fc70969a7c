import type { TFileKind, TRepositoryFile } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../../shared/api/upload.ts';
import { fileProblem } from '../../../../shared/files/file-rules.ts';
import { FileDropZone } from '../../../../shared/ui/file-drop-zone.tsx';
import { UploadProgressBar } from '../../../../shared/ui/upload-progress.tsx';
import { useUploadRepositoryFile } from '../../api/repository.api.ts';
import { describeKinds, repositoryRule } from '../../authoring/repository-rules.ts';

/**
 * Uploads one file into the repository with a progress bar. The type is checked here first (to
 * spare a pointless upload); the server checks the content too and its refusal is shown as is.
 */
export function RepositoryUpload({
  kind,
  onUploaded,
  buttonLabel = 'Choose a file',
}: {
  kind?: TFileKind;
  onUploaded?: (file: TRepositoryFile) => void;
  buttonLabel?: string;
}) {
  const upload = useUploadRepositoryFile();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const rule = repositoryRule(kind);

  const send = (file: File) => {
    upload.reset();
    setName(file.name);
    const found = fileProblem(file, rule);
    setProblem(found);
    if (found) return;
    setProgress(null);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (stored) => onUploaded?.(stored),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <Stack spacing={1.5}>
      <FileDropZone
        rule={rule}
        onFile={send}
        disabled={upload.isPending}
        buttonLabel={buttonLabel}
      />
      {!kind && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Allowed: {describeKinds()}
        </Typography>
      )}
      {upload.isPending && (
        <UploadProgressBar progress={progress} label={`Uploading ${name ?? ''}`} />
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {name && !problem.includes(name) ? `${name}: ${problem}` : problem}
        </Alert>
      )}
      {upload.isSuccess && !problem && (
        <Alert severity="success">{upload.data.name} was uploaded.</Alert>
      )}
    </Stack>
  );
}
