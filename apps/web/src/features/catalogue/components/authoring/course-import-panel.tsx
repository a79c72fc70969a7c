import {
  COURSE_IMPORT_COLUMNS,
  COURSE_IMPORT_MAX_ROWS,
  IMPORT_ALLOWED_TYPES,
  IMPORT_MAX_BYTES,
} from '@atrium/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { UploadProgress } from '../../../../shared/api/upload.ts';
import { fileProblem } from '../../../../shared/files/file-rules.ts';
import { FileDropZone } from '../../../../shared/ui/file-drop-zone.tsx';
import { UploadProgressBar } from '../../../../shared/ui/upload-progress.tsx';
import { useImportCourses } from '../../api/authoring.api.ts';
import {
  type CourseImportReport,
  courseImportReport,
  courseImportTemplate,
} from '../../authoring/course-import.ts';

const RULE = { allowed: IMPORT_ALLOWED_TYPES, maxBytes: IMPORT_MAX_BYTES };

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([courseImportTemplate()], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'course-import-template.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function ErrorReport({ report, fileName }: { report: CourseImportReport; fileName: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="error">
        <AlertTitle>{report.headline}</AlertTitle>
        {report.rows.length > 0
          ? `Nothing from ${fileName} was imported. Correct the rows below and upload the file again.`
          : `${fileName} could not be imported.`}
        {report.fileProblems.map((problem) => (
          <Typography key={problem} variant="body2" sx={{ mt: 0.5 }}>
            {problem}
          </Typography>
        ))}
      </Alert>
      {report.rows.length > 0 && (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Table size="small" aria-label="Rows with errors">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 80 }}>Row</TableCell>
                <TableCell>Problems</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.rows.map((row) => (
                <TableRow key={row.row}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ fontWeight: 600, verticalAlign: 'top' }}
                  >
                    {row.row}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {row.problems.map((problem) => (
                      <Box key={problem}>{problem}</Box>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}

/** Import from a spreadsheet: one row per module; all rows valid, or nothing is written. */
export function CourseImportPanel() {
  const importer = useImportCourses();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const choose = (chosen: File) => {
    importer.reset();
    const found = fileProblem(chosen, RULE);
    setProblem(found);
    setFile(found ? null : chosen);
  };
  const send = () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setProgress(null);
    importer.mutate({ form, onProgress: setProgress });
  };

  return (
    <Stack spacing={2.5}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        One row per module; rows with the same course title make one course. Columns:{' '}
        {COURSE_IMPORT_COLUMNS.map((column, index) => (
          <span key={column}>
            {index > 0 && ', '}
            <Box component="code" sx={{ fontSize: '0.85em' }}>
              {column}
            </Box>
          </span>
        ))}
        . Courses are created as drafts. At most {COURSE_IMPORT_MAX_ROWS.toLocaleString()} rows.
      </Typography>
      <Box>
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={downloadTemplate}>
          Download the CSV template
        </Button>
      </Box>
      <FileDropZone rule={RULE} onFile={choose} disabled={importer.isPending} />
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {file && !importer.isSuccess && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Typography sx={{ flex: 1, overflowWrap: 'anywhere' }}>{file.name}</Typography>
          <Button variant="contained" onClick={send} loading={importer.isPending}>
            Import courses
          </Button>
        </Stack>
      )}
      {importer.isPending && <UploadProgressBar progress={progress} label="Uploading" />}
      {importer.isError && file && (
        <ErrorReport report={courseImportReport(importer.error)} fileName={file.name} />
      )}
      {importer.isSuccess && (
        <Alert
          severity="success"
          action={
            <Button component={RouterLink} to="/courses/all-courses" color="inherit" size="small">
              See the courses
            </Button>
          }
        >
          <AlertTitle>{importer.data.message}</AlertTitle>
          {importer.data.courses} course{importer.data.courses === 1 ? '' : 's'} and{' '}
          {importer.data.modules} module{importer.data.modules === 1 ? '' : 's'} were created as
          drafts.
        </Alert>
      )}
    </Stack>
  );
}
