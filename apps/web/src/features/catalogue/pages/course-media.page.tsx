import type { TFileKind, TRepositoryFile } from '@atrium/contract';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import {
  downloadRepositoryFile,
  useDeleteRepositoryFile,
  useRepositoryFiles,
} from '../api/repository.api.ts';
import { FILE_KIND_LIST, isFileKind, KIND_LABEL } from '../authoring/repository-rules.ts';
import { RenameFileDialog } from '../components/authoring/rename-file-dialog.tsx';
import { RepositoryTable } from '../components/authoring/repository-table.tsx';
import { RepositoryUpload } from '../components/authoring/repository-upload.tsx';
import { COURSE_MESSAGES } from '../course-messages.ts';

const TYPES = ['all', ...FILE_KIND_LIST] as const;

/** /courses/course-media-detail/:type: the file repository, one kind (or all) at a time. */
export default function CourseMediaPage() {
  const { type } = useParams();
  const kind: TFileKind | undefined = isFileKind(type) ? type : undefined;
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [renaming, setRenaming] = useState<TRepositoryFile | null>(null);
  const [deleting, setDeleting] = useState<TRepositoryFile | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const staff = (user?.role.id ?? 99) <= 3;
  const files = useRepositoryFiles(
    { kind, search: deferredSearch, page: page + 1, pageSize },
    staff,
  );
  const remove = useDeleteRepositoryFile();

  if (!staff)
    return (
      <AccessNotice title="The file repository is for authors">
        Trainers and administrators manage course files here.
      </AccessNotice>
    );

  const rows = files.data?.results ?? [];
  const title = kind ? `${KIND_LABEL[kind]} files` : 'File repository';
  return (
    <PageContainer>
      <PageHeader title={title} subtitle="Files you can attach to course modules." />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={kind ?? 'all'}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="File kinds"
        >
          {TYPES.map((t) => (
            <Tab
              key={t}
              value={t}
              label={t === 'all' ? 'All' : KIND_LABEL[t]}
              component={RouterLink}
              to={`/courses/course-media-detail/${t}`}
              onClick={() => setPage(0)}
            />
          ))}
        </Tabs>
      </Box>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }} sx={{ order: { xs: 2, lg: 1 } }}>
          <SectionCard title="Files" busy={files.isPending}>
            <TextField
              type="search"
              size="small"
              label="Search by name"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(0);
              }}
              sx={{ mb: 1.5, width: { xs: '100%', sm: 320 } }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchOutlined fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            {files.isFetching && <LinearProgress aria-label="Loading files" sx={{ mb: 1 }} />}
            {files.isError ? (
              <Alert severity="error">
                {errorMessage(files.error, COURSE_MESSAGES.fileRepoFailed)}
              </Alert>
            ) : rows.length === 0 && !files.isPending ? (
              <EmptyState icon={<FolderOpenOutlined sx={{ fontSize: 40 }} aria-hidden />}>
                {deferredSearch
                  ? `No file matches “${deferredSearch}”.`
                  : `No ${kind ? KIND_LABEL[kind].toLowerCase() : ''} files yet. Upload the first one.`}
              </EmptyState>
            ) : (
              <RepositoryTable
                rows={rows}
                onRename={setRenaming}
                onDelete={setDeleting}
                onDownload={(file) =>
                  downloadRepositoryFile(file).catch((error) =>
                    notifyError(errorMessage(error, COURSE_MESSAGES.fileRepoFailed)),
                  )
                }
              />
            )}
            <TablePagination
              component="div"
              count={files.data?.count ?? 0}
              page={page}
              onPageChange={(_e, next) => setPage(next)}
              rowsPerPage={pageSize}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              rowsPerPageOptions={[10, 20, 50, 100]}
            />
          </SectionCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }} sx={{ order: { xs: 1, lg: 2 } }}>
          <SectionCard title="Upload">
            <Stack spacing={1}>
              <RepositoryUpload kind={kind} />
            </Stack>
          </SectionCard>
        </Grid>
      </Grid>
      <RenameFileDialog file={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this file?"
        confirmLabel="Delete file"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })
        }
      >
        {deleting?.name} will be deleted for good.
        {deleting && deleting.used_by_modules > 0
          ? ` It is attached to ${deleting.used_by_modules} module${deleting.used_by_modules === 1 ? '' : 's'}: detach it there first, or the deletion is refused.`
          : ''}
      </ConfirmDialog>
    </PageContainer>
  );
}
