import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { fileProblem, formatBytes } from '../../../shared/files/file-rules.ts';
import { FileDropZone } from '../../../shared/ui/file-drop-zone.tsx';
import { UploadProgressBar } from '../../../shared/ui/upload-progress.tsx';
import type { TypeProps } from './question-model.ts';

/**
 * Files for a file-upload question: each chosen file is uploaded at once (with its progress) and
 * the answer lists the uploaded ones; removing one drops it from the answer.
 */
export function FileUploadQuestion({
  view,
  answer,
  onChange,
  readOnly,
  labelId,
  files: tools,
}: TypeProps<'file_upload'>) {
  const list = answer?.files ?? [];
  const [percent, setPercent] = useState<number | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const rule = { allowed: view.allowed_types, maxBytes: view.max_bytes };
  const uploading = percent !== undefined;
  const full = list.length >= view.max_files;

  const onFile = async (file: File) => {
    setProblem(fileProblem(file, rule));
    if (fileProblem(file, rule) || !tools?.upload) return;
    setPercent(null);
    try {
      const uploaded = await tools.upload(file, setPercent);
      onChange({ type: 'file_upload', files: [...list, { id: uploaded.id, name: uploaded.name }] });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setPercent(undefined);
    }
  };

  return (
    <Stack role="group" aria-labelledby={labelId} sx={{ gap: 1.5 }}>
      {list.length > 0 ? (
        <List
          dense
          aria-label="Uploaded files"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}
        >
          {list.map((f) => (
            <ListItem
              key={f.id}
              secondaryAction={
                !readOnly && (
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${f.name}`}
                    onClick={() =>
                      onChange({ type: 'file_upload', files: list.filter((x) => x.id !== f.id) })
                    }
                  >
                    <DeleteOutlineRounded />
                  </IconButton>
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <AttachFileRounded fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={
                  tools?.download ? (
                    <Link
                      component="button"
                      type="button"
                      onClick={() =>
                        tools.download?.(f).catch((error) => setProblem(errorMessage(error)))
                      }
                      sx={{ textAlign: 'left' }}
                    >
                      {f.name}
                    </Link>
                  ) : (
                    f.name
                  )
                }
                sx={{ overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        readOnly && <Typography sx={{ color: 'text.secondary' }}>No files</Typography>
      )}
      {!readOnly && (
        <>
          {uploading ? (
            <UploadProgressBar
              progress={
                percent === null ? null : { loaded: 0, total: null, percent: percent ?? null }
              }
            />
          ) : (
            !full && (
              <FileDropZone
                rule={rule}
                onFile={onFile}
                disabled={!tools?.upload}
                buttonLabel={list.length > 0 ? 'Add another file' : 'Choose a file'}
              />
            )
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Up to {view.max_files} {view.max_files === 1 ? 'file' : 'files'}, each at most{' '}
            {formatBytes(view.max_bytes)}.{!tools?.upload && ' Uploads are off in a preview.'}
          </Typography>
          {problem && <Alert severity="error">{problem}</Alert>}
        </>
      )}
    </Stack>
  );
}
