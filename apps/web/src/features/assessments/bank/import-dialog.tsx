import type { TQuestionCategory, TQuestionImportReport } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import type { UploadProgress } from '../../../shared/api/upload.ts';
import { fileProblem } from '../../../shared/files/file-rules.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { FileDropZone } from '../../../shared/ui/file-drop-zone.tsx';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { UploadProgressBar } from '../../../shared/ui/upload-progress.tsx';
import {
  downloadTemplate,
  IMPORT_MAX_BYTES,
  IMPORT_TYPES,
  useImportQuestions,
} from '../api/question-io.api.ts';
import { categoryRows } from './category-model.ts';

/*
 * Importing questions: a dry run first, whose report says what would be imported and what would
 * be skipped and why, and what an imported item loses (an image that cannot be kept); then the
 * same file for real. A refused file (400) lists its problems by row or item, as the server
 * named them.
 */

const RULE = { allowed: IMPORT_TYPES, maxBytes: IMPORT_MAX_BYTES };

/** The 400's `errors` as (where, messages) rows: `row 3` or `item q12` → what is wrong there. */
export function importProblems(error: unknown): { where: string; messages: string[] }[] {
  if (!(error instanceof ApiError)) return [];
  return Object.entries(error.fieldErrors).map(([where, messages]) => ({ where, messages }));
}

/**
 * How many questions the report is about: a dry run writes nothing, so the server answers
 * `imported: 0` and lists the questions it would import.
 */
export function reportCount(report: TQuestionImportReport): number {
  return report.dry_run ? report.questions.length : report.imported;
}

export function ImportReport({ report }: { report: TQuestionImportReport }) {
  const count = reportCount(report);
  const notes = report.notes;
  const format =
    report.format === 'qti'
      ? `QTI ${report.qti_version ?? ''}`.trim()
      : report.format.toUpperCase();
  return (
    <Stack spacing={1.5}>
      <Alert severity={report.skipped.length > 0 || notes.length > 0 ? 'warning' : 'success'}>
        <AlertTitle>
          {`${count} question${count === 1 ? '' : 's'} ${report.dry_run ? 'can be imported' : 'imported'}`}
        </AlertTitle>
        {format} file.{' '}
        {report.skipped.length > 0
          ? `${report.skipped.length} item${report.skipped.length === 1 ? '' : 's'} ${report.dry_run ? 'would be' : 'were'} skipped.`
          : 'Nothing skipped.'}
        {notes.length > 0 &&
          ` Some images ${report.dry_run ? 'would be' : 'were'} left out of their questions; see the notes.`}
      </Alert>
      {report.skipped.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Skipped
          </Typography>
          <List dense aria-label="Skipped items">
            {report.skipped.map((s) => (
              <ListItem key={s.item} disableGutters>
                <ListItemText primary={s.item} secondary={s.reason} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {notes.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Left out of imported items
          </Typography>
          <List dense aria-label="Import notes">
            {notes.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an item may have several notes; their place tells them apart
              <ListItem key={`${n.item}-${i}`} disableGutters>
                <ListItemText primary={n.item} secondary={n.note} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {report.questions.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {report.dry_run ? 'Would import' : 'Imported'}
          </Typography>
          <List dense aria-label="Questions" sx={{ maxHeight: 200, overflow: 'auto' }}>
            {report.questions.map((q, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a dry run's questions have no id yet (0), so their place tells them apart
              <ListItem key={`${q.id}-${i}`} disableGutters>
                <ListItemText primary={q.title} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Stack>
  );
}

export function ImportDialog({
  categories,
  defaultCategory,
  onClose,
}: {
  categories: readonly TQuestionCategory[];
  defaultCategory: number | null;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState<number | null>(defaultCategory);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [report, setReport] = useState<TQuestionImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ where: string; messages: string[] }[]>([]);
  const importing = useImportQuestions();

  const choose = (chosen: File) => {
    setReport(null);
    setProblems([]);
    const wrong = fileProblem(chosen, RULE);
    setProblem(wrong);
    setFile(wrong ? null : chosen);
  };
  const run = (dryRun: boolean) => {
    if (!file) return;
    setProblem(null);
    setProblems([]);
    setProgress(null);
    importing.mutate(
      { file, category, dryRun, onProgress: setProgress },
      {
        onSuccess: (result) => {
          setReport(result);
          if (!result.dry_run) notifySuccess(`${result.imported} questions imported.`);
        },
        onError: (error) => {
          setReport(null);
          setProblem(errorMessage(error, 'Could not import the file.'));
          setProblems(importProblems(error));
        },
      },
    );
  };
  const template = (format: 'csv' | 'xlsx') =>
    downloadTemplate(format).catch((error: unknown) =>
      notifyError(errorMessage(error, 'Could not download the template.')),
    );

  const done = report !== null && !report.dry_run;
  return (
    <FormDialog open title="Import questions" onClose={onClose} maxWidth="sm">
      <Stack spacing={2}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          A QTI 2.1, 2.2 or 3.0 package (zip), or a CSV or XLSX file made from the template. The
          images a package's items show (PNG, JPEG, GIF or WebP) are imported with them. The file is
          checked first; nothing is written until you import it.
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => template('xlsx')}>
            XLSX template
          </Button>
          <Button size="small" onClick={() => template('csv')}>
            CSV template
          </Button>
        </Stack>
        <TextField
          select
          label="Into category"
          size="small"
          value={category ?? ''}
          onChange={(e) => setCategory(e.target.value === '' ? null : Number(e.target.value))}
          disabled={importing.isPending || done}
        >
          <MenuItem value="">
            <em>No category</em>
          </MenuItem>
          {categoryRows(categories).map(({ category: c, depth }) => (
            <MenuItem key={c.id} value={c.id} sx={{ pl: 2 + depth * 2 }}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        {!done && <FileDropZone rule={RULE} onFile={choose} disabled={importing.isPending} />}
        {file && !done && (
          <Typography variant="body2">
            Chosen: <strong>{file.name}</strong>
          </Typography>
        )}
        {importing.isPending && <UploadProgressBar progress={progress} />}
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
            {problems.length > 0 && (
              <List dense aria-label="Problems in the file">
                {problems.map((p) => (
                  <ListItem key={p.where} disableGutters>
                    <ListItemText primary={p.where} secondary={p.messages.join(' ')} />
                  </ListItem>
                ))}
              </List>
            )}
          </Alert>
        )}
        {report && <ImportReport report={report} />}
      </Stack>
      <DialogActions sx={{ px: 0, pt: 3 }}>
        <Button onClick={onClose} color="inherit">
          {done ? 'Close' : 'Cancel'}
        </Button>
        {!done && (
          <Button
            variant={report ? 'outlined' : 'contained'}
            onClick={() => run(true)}
            disabled={!file}
            loading={importing.isPending && importing.variables?.dryRun === true}
          >
            Check file
          </Button>
        )}
        {!done && report?.dry_run && (
          <Button
            variant="contained"
            onClick={() => run(false)}
            disabled={!file || reportCount(report) === 0}
            loading={importing.isPending && importing.variables?.dryRun === false}
          >
            Import {reportCount(report)}
          </Button>
        )}
      </DialogActions>
    </FormDialog>
  );
}
