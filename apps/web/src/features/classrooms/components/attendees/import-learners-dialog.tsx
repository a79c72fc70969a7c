import { LEARNER_IMPORT_MAX_BYTES, type TLearnerImportResult } from '@atrium/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../../shared/api/upload.ts';
import { fileProblem } from '../../../../shared/files/file-rules.ts';
import { FooterButton } from '../../../../shared/forms/form-footer.tsx';
import { FileDropZone } from '../../../../shared/ui/file-drop-zone.tsx';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { UploadProgressBar } from '../../../../shared/ui/upload-progress.tsx';
import { useImportLearners, useLearnerSample } from '../../api/reports.api.ts';

const RULE = { allowed: ['csv', 'xlsx'], maxBytes: LEARNER_IMPORT_MAX_BYTES };

/**
 * Books learners from a CSV or XLSX file with an `email` column. The file is checked whole:
 * one bad row and nothing is booked, with the rows named.
 */
export function ImportLearnersDialog({
  open,
  sessionId,
  onClose,
}: {
  open: boolean;
  sessionId: number;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title="Import learners">
      {open && <ImportForm sessionId={sessionId} onClose={onClose} />}
    </FormDialog>
  );
}

function ImportForm({ sessionId, onClose }: { sessionId: number; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [result, setResult] = useState<TLearnerImportResult | null>(null);
  const upload = useImportLearners();
  const sample = useLearnerSample();
  const rowErrors =
    upload.error instanceof ApiError ? Object.entries(upload.error.fieldErrors) : [];

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Sample file:
        </Typography>
        <Button size="small" startIcon={<DownloadOutlined />} onClick={() => sample.mutate('csv')}>
          CSV
        </Button>
        <Button size="small" startIcon={<DownloadOutlined />} onClick={() => sample.mutate('xlsx')}>
          XLSX
        </Button>
      </Stack>
      {result ? (
        <Alert severity="success" role="status">
          {result.message}
          {result.skipped.length > 0 && (
            <ul style={{ margin: '8px 0 0', paddingLeft: 20 }}>
              {result.skipped.map((s) => (
                <li key={s.row}>
                  Row {s.row}: {s.email} already {s.status}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      ) : (
        <>
          <FileDropZone
            rule={RULE}
            disabled={upload.isPending}
            buttonLabel="Choose a file"
            onFile={(file) => {
              const bad = fileProblem(file, RULE);
              setProblem(bad);
              upload.reset();
              if (bad) return;
              setProgress(null);
              upload.mutate(
                { session: sessionId, file, onProgress: setProgress },
                { onSuccess: setResult },
              );
            }}
          />
          {upload.isPending && <UploadProgressBar progress={progress} />}
          {problem && <Alert severity="error">{problem}</Alert>}
          {upload.isError && (
            <Alert severity="error">
              {errorMessage(upload.error)}
              {rowErrors.length > 0 && (
                <ul style={{ margin: '8px 0 0', paddingLeft: 20 }}>
                  {rowErrors.slice(0, 20).map(([row, messages]) => (
                    <li key={row}>
                      {row}: {messages.join(' ')}
                    </li>
                  ))}
                </ul>
              )}
            </Alert>
          )}
        </>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <FooterButton onClick={onClose}>{result ? 'Done' : 'Cancel'}</FooterButton>
      </Stack>
    </Stack>
  );
}
