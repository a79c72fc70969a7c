import {
  LEARNING_PATH_PROGRESS,
  type TLearningPathDetail,
  type TLearningPathEnrolment,
  type TLearningPathProgress,
} from '@atrium/contract';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { notifySuccess } from '../../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import {
  useExportEnrolments,
  usePathEnrolments,
  useRemoveEnrolments,
} from '../../api/enrolments.api.ts';
import { PAGE_SIZES, PATH_MESSAGES, PROGRESS_STATE, plural } from '../../path-labels.ts';
import { AssignDialog } from './assign-dialog.tsx';
import { DueDateDialog } from './due-date-dialog.tsx';
import { LearnersTable } from './learners-table.tsx';
import { NotifyDialog } from './notify-dialog.tsx';

/**
 * A path's learners: filter by state, search, page; assign, message, export the table as CSV,
 * change a due date, and remove several at once after a confirmation.
 */
export function LearnersPanel({ path }: { path: TLearningPathDetail }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const [state, setState] = useState<'' | TLearningPathProgress>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<'assign' | 'notify' | 'remove' | null>(null);
  const [dueFor, setDueFor] = useState<TLearningPathEnrolment | null>(null);
  const list = usePathEnrolments(path.id, {
    search: debounced.trim() || undefined,
    state: state || undefined,
    page: page + 1,
    page_size: pageSize,
  });
  const remove = useRemoveEnrolments(path.id);
  const exportCsv = useExportEnrolments(path.id);
  const rows = list.data?.results;
  const filtered = debounced.trim() !== '' || state !== '';

  const confirmRemove = () =>
    remove.mutate(selected, {
      onSuccess: (result) => {
        notifySuccess(`${plural(result.removed, 'learner')} removed from the path.`);
        setSelected([]);
        setDialog(null);
      },
    });

  return (
    <Card component="section" aria-label="Learners">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ p: 2, alignItems: { md: 'center' } }}
      >
        <TextField
          size="small"
          type="search"
          label="Search learners"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ flex: 1, maxWidth: { md: 300 } }}
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
        <TextField
          select
          size="small"
          label="State"
          value={state}
          onChange={(event) => {
            setState(event.target.value as '' | TLearningPathProgress);
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Any state</MenuItem>
          {LEARNING_PATH_PROGRESS.map((s) => (
            <MenuItem key={s} value={s}>
              {PROGRESS_STATE[s].label}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            startIcon={
              exportCsv.isPending ? <CircularProgress size={16} /> : <FileDownloadOutlined />
            }
            onClick={() => exportCsv.mutate()}
            disabled={exportCsv.isPending}
          >
            Export CSV
          </Button>
          <Button startIcon={<CampaignOutlined />} onClick={() => setDialog('notify')}>
            Message learners
          </Button>
          <Button
            variant="contained"
            startIcon={<GroupAddOutlined />}
            onClick={() => setDialog('assign')}
          >
            Assign
          </Button>
        </Stack>
      </Stack>
      {path.status !== 'published' && (
        <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
          This path is not published: assigned learners see it once it is.
        </Alert>
      )}
      {selected.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ px: 2, pb: 1, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="body2" role="status">
            {selected.length} selected
          </Typography>
          <Button
            color="error"
            variant="outlined"
            size="small"
            startIcon={<PersonRemoveOutlined />}
            onClick={() => {
              remove.reset();
              setDialog('remove');
            }}
          >
            Remove from path
          </Button>
          <Button size="small" color="inherit" onClick={() => setSelected([])}>
            Clear selection
          </Button>
        </Stack>
      )}
      <LinearProgress
        aria-label="Loading learners"
        sx={{ visibility: list.isFetching && rows ? 'visible' : 'hidden' }}
      />
      {list.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(list.error, PATH_MESSAGES.learnersFailed)}
        </Alert>
      ) : !rows ? (
        <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading learners" />
        </Box>
      ) : rows.length === 0 ? (
        <EmptyState icon={<PeopleOutlined />}>
          {filtered ? 'No learners match these filters.' : 'No learners yet. Assign some.'}
        </EmptyState>
      ) : (
        <LearnersTable rows={rows} selected={selected} onSelect={setSelected} onDue={setDueFor} />
      )}
      <TablePagination
        component="div"
        {...pageCountProps(list.data)}
        page={list.data ? page : 0}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage="Per page"
      />
      {dialog === 'assign' && (
        <AssignDialog
          pathId={path.id}
          organisationId={path.organization}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'notify' && <NotifyDialog pathId={path.id} onClose={() => setDialog(null)} />}
      {dueFor && <DueDateDialog enrolment={dueFor} onClose={() => setDueFor(null)} />}
      <ConfirmDialog
        open={dialog === 'remove'}
        title={`Remove ${plural(selected.length, 'learner')}?`}
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={confirmRemove}
      >
        {remove.isError
          ? errorMessage(remove.error, PATH_MESSAGES.deleteFailed)
          : 'They leave the path and its progress table. Their progress in the courses themselves is kept.'}
      </ConfirmDialog>
    </Card>
  );
}
