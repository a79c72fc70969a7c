import type { TReportExport } from '@atrium/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { downloadExport, useExport } from '../api/exports.api.ts';
import { REPORT_NOTICE } from '../labels.ts';

export const STATUS_LABELS: Record<TReportExport['status'], string> = {
  queued: 'Waiting to start',
  running: 'Generating',
  done: 'Ready',
  failed: 'Failed',
};

/** A file size for people: bytes, KB or MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The Download button of a finished export (fetches through the API, then saves the file). */
export function DownloadButton({
  exported,
  variant = 'contained',
}: {
  exported: TReportExport;
  variant?: 'contained' | 'outlined' | 'text';
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadExport(exported);
    } catch (err) {
      notifyError(errorMessage(err, 'The file could not be downloaded.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={variant}
      size={variant === 'contained' ? 'medium' : 'small'}
      startIcon={<FileDownloadOutlined />}
      loading={busy}
      onClick={() => void download()}
      aria-label={`Download ${exported.file_name ?? exported.title}`}
    >
      Download
    </Button>
  );
}

function Status({ exported }: { exported: TReportExport }) {
  if (exported.status === 'failed') {
    return <Alert severity="error">{exported.error ?? 'The report could not be generated.'}</Alert>;
  }
  if (exported.status === 'done') {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="success" sx={{ alignSelf: 'stretch' }}>
          Your report is ready
          {exported.file_size !== null ? ` (${fileSize(exported.file_size)})` : ''}. It is kept
          until {new Date(exported.expires_at).toLocaleDateString()}.
        </Alert>
        <DownloadButton exported={exported} />
      </Stack>
    );
  }
  const total = exported.row_count;
  return (
    <Stack spacing={2}>
      <Alert severity="info" role="status">
        {REPORT_NOTICE}
      </Alert>
      <Box>
        <LinearProgress
          variant={exported.status === 'queued' ? 'indeterminate' : 'determinate'}
          value={exported.progress}
          aria-label="Report progress"
        />
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }} aria-live="polite">
          {STATUS_LABELS[exported.status]}: {exported.progress}%
          {total !== null
            ? ` (${exported.rows_done.toLocaleString()} of ${total.toLocaleString()} rows)`
            : ''}
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * /download-report/:id (spec §2 perm, §9 notice): one export's status, followed live (realtime
 * hints, polling as the fallback); the Download button once it is done, the error if it failed.
 */
export default function DownloadReportPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useExport(valid ? id : 0);
  const exported = query.data;

  let body: React.ReactNode;
  if (!valid) body = <Alert severity="error">This download does not exist.</Alert>;
  else if (query.isError) {
    body = (
      <Alert severity="error">
        {errorMessage(query.error, 'This download could not be loaded.')}
      </Alert>
    );
  } else if (!exported) body = <Skeleton variant="rounded" height={120} aria-hidden />;
  else body = <Status exported={exported} />;

  return (
    <PageContainer maxWidth={800}>
      <PageHeader
        title={exported ? exported.title : 'Download report'}
        subtitle={exported ? `${exported.format.toUpperCase()} export` : undefined}
        actions={
          <Button component={RouterLink} to="/reports/downloads" startIcon={<ArrowBack />}>
            My downloads
          </Button>
        }
      />
      <SectionCard title="Status">{body}</SectionCard>
    </PageContainer>
  );
}
