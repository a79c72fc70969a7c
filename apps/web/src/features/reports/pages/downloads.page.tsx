import type { TReportExport } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirmedRemoval } from '../../../shared/hooks/use-confirmed-removal.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useDeleteExport, useMyExports } from '../api/exports.api.ts';
import { ReportsTabs } from '../components/reports-tabs.tsx';
import { DownloadButton, STATUS_LABELS } from './download-report.page.tsx';

const PAGE_SIZE = 20;
const CHIP_COLOR = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
} as const;

function ExportRow({
  exported,
  onDelete,
}: {
  exported: TReportExport;
  onDelete: (e: TReportExport) => void;
}) {
  const running = exported.status === 'queued' || exported.status === 'running';
  return (
    <TableRow>
      <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
        <Link component={RouterLink} to={`/download-report/${exported.id}`}>
          {exported.title}
        </Link>
      </TableCell>
      <TableCell>{exported.format.toUpperCase()}</TableCell>
      <TableCell>
        <Chip
          size="small"
          color={CHIP_COLOR[exported.status]}
          label={
            running
              ? `${STATUS_LABELS[exported.status]} ${exported.progress}%`
              : STATUS_LABELS[exported.status]
          }
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {new Date(exported.created_at).toLocaleString()}
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {exported.status === 'done' && <DownloadButton exported={exported} variant="text" />}
          <Tooltip title="Delete">
            <IconButton
              size="small"
              aria-label={`Delete ${exported.title} (${exported.format.toUpperCase()})`}
              onClick={() => onDelete(exported)}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/**
 * /reports/downloads: the caller's exports, newest first, with their status (live while they
 * run), Download for finished ones and Delete. Files are deleted after seven days.
 */
export default function DownloadsPage() {
  const [page, setPage] = useState(0);
  const query = useMyExports(page + 1, PAGE_SIZE);
  const remove = useDeleteExport();
  const deletion = useConfirmedRemoval<TReportExport>((id) => remove.mutateAsync(id), {
    done: 'The download is deleted.',
    failed: 'The download could not be deleted.',
  });

  const data = query.data;
  let body: React.ReactNode;
  if (query.isError) {
    body = (
      <LoadError
        error={query.error}
        fallback="Your downloads could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!data) {
    body = <Skeleton variant="rounded" height={200} aria-hidden />;
  } else if (data.count === 0) {
    body = (
      <EmptyState icon={<FileDownloadOutlined fontSize="large" />}>
        No downloads yet. Export a report from its Export menu on the Reports pages.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <TableContainer>
          <Table size="small" aria-label="My downloads">
            <TableHead>
              <TableRow>
                <TableCell>Report</TableCell>
                <TableCell>Format</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Requested</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.results.map((e) => (
                <ExportRow key={e.id} exported={e} onDelete={deletion.ask} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_e, next) => setPage(next)}
          {...pageCountProps(data)}
        />
      </>
    );
  }

  return (
    <PageContainer>
      <PageHeader title="Reports" subtitle="Your exported reports, kept for seven days." />
      <ReportsTabs current="downloads" />
      <SectionCard title="My downloads" busy={query.isFetching}>
        {body}
      </SectionCard>
      <ConfirmDialog
        open={deletion.pending !== null}
        title="Delete this download?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => void deletion.confirm()}
        onClose={deletion.cancel}
      >
        {deletion.pending
          ? `“${deletion.pending.title}” (${deletion.pending.format.toUpperCase()}) and its file are deleted.`
          : ''}
      </ConfirmDialog>
    </PageContainer>
  );
}
