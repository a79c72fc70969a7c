import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useImportCase, useImportCsv } from '../api/competencies.api.ts';
import { importErrorLines } from '../labels.ts';

/** The largest file read in the browser (the server has its own limit). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/**
 * Import competencies: CSV into this framework (code, name, description, parent_code), or a CASE
 * 1.0 JSON package as a new framework. The file is read here and sent as text; the server checks
 * every row and imports all or nothing, and its per-row errors are listed.
 */
export function ImportDialog({
  open,
  format,
  frameworkId,
  onClose,
  onImported,
}: {
  open: boolean;
  format: 'csv' | 'case';
  frameworkId: number | null;
  onClose: () => void;
  onImported: (frameworkId: number) => void;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<{ message: string; lines: string[] } | null>(null);
  const csv = useImportCsv();
  const kase = useImportCase();
  const busy = csv.isPending || kase.isPending;

  const close = () => {
    setText('');
    setProblem(null);
    onClose();
  };

  async function readFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setProblem({ message: 'The file is larger than 2 MB.', lines: [] });
      return;
    }
    setText(await file.text());
    setProblem(null);
  }

  async function submit() {
    setProblem(null);
    try {
      let result: { framework_id: number; created: number };
      if (format === 'csv') {
        result = await csv.mutateAsync({ id: frameworkId!, csv: text });
      } else {
        let document: unknown;
        try {
          document = JSON.parse(text);
        } catch {
          setProblem({ message: 'This is not JSON.', lines: [] });
          return;
        }
        if (typeof document !== 'object' || document === null || Array.isArray(document)) {
          setProblem({ message: 'A CASE package is a JSON object.', lines: [] });
          return;
        }
        result = await kase.mutateAsync(document as Record<string, unknown>);
      }
      notifySuccess(`${result.created} competencies imported.`);
      onImported(result.framework_id);
      close();
    } catch (err) {
      const lines =
        err instanceof ApiError
          ? [...importErrorLines(err.fieldErrors), ...err.nonFieldErrors]
          : [];
      setProblem({ message: errorMessage(err), lines });
    }
  }

  const title = format === 'csv' ? 'Import competencies from CSV' : 'Import a CASE 1.0 framework';
  return (
    <FormDialog open={open} title={title} onClose={busy ? () => {} : close} maxWidth="md">
      <Stack spacing={2}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {format === 'csv'
            ? 'Columns: code, name, description, parent_code (a header row first). Every row is checked before anything is saved: all rows are imported, or none.'
            : 'A CASE 1.0 package (CFDocument, CFItems, CFAssociations). Items become competencies; isChildOf gives the tree. All or nothing.'}
        </Typography>
        <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
          Choose file
          <input
            hidden
            type="file"
            accept={format === 'csv' ? '.csv,text/csv' : '.json,application/json'}
            aria-label="File to import"
            onChange={(e) => void readFile(e.target.files?.[0])}
          />
        </Button>
        <TextField
          label={format === 'csv' ? 'CSV text' : 'CASE JSON'}
          multiline
          minRows={6}
          maxRows={14}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        {problem && (
          <Alert severity="error" role="alert">
            {problem.message}
            {problem.lines.length > 0 && (
              <ul aria-label="Import errors" style={{ margin: '8px 0 0', paddingLeft: 20 }}>
                {problem.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close} disabled={busy} color="inherit">
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void submit()} disabled={busy || !text.trim()}>
            Import
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
