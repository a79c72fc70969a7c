import CloseOutlined from '@mui/icons-material/CloseOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useTodo, useTodoKinds } from '../api/todo.api.ts';
import { TODO_MESSAGES } from '../labels.ts';
import { TodoList } from './todo-list.tsx';
import { TodoSkeleton } from './todo-row.tsx';

const PAGE_SIZES = [10, 25, 50];

/**
 * The whole to-do list: search, one chip per kind (with its count before the filters, so a
 * chip never hides what it would show) and pages. Full screen on phones.
 */
export function TodoDialog({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<string | undefined>();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const kinds = useTodoKinds();
  const list = useTodo({
    page: page + 1,
    page_size: pageSize,
    ...(search ? { search } : {}),
    ...(kind ? { kind } : {}),
  });
  const byKind = list.data?.by_kind ?? {};
  const total = Object.values(byKind).reduce((sum, n) => sum + n, 0);
  const pick = (next: string | undefined) => {
    setKind(next);
    setPage(0);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        To do
        <IconButton
          aria-label="Close"
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseOutlined />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <SearchField
            label="Search to-do"
            value={search}
            onChange={(next) => {
              setSearch(next);
              setPage(0);
            }}
            fullWidth
          />
          <Stack direction="row" role="group" aria-label="Kinds" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Chip
              label={`All (${total})`}
              color={kind === undefined ? 'primary' : 'default'}
              variant={kind === undefined ? 'filled' : 'outlined'}
              aria-pressed={kind === undefined}
              onClick={() => pick(undefined)}
            />
            {(kinds.data ?? []).map((k) => (
              <Chip
                key={k.kind}
                label={`${k.label} (${byKind[k.kind] ?? 0})`}
                color={kind === k.kind ? 'primary' : 'default'}
                variant={kind === k.kind ? 'filled' : 'outlined'}
                aria-pressed={kind === k.kind}
                onClick={() => pick(kind === k.kind ? undefined : k.kind)}
              />
            ))}
          </Stack>
          {list.isFetching && !list.isPending && <LinearProgress aria-label="Loading" />}
          {list.isPending ? (
            <TodoSkeleton rows={5} />
          ) : list.isError ? (
            <Typography variant="body2" role="alert" sx={{ color: 'text.secondary' }}>
              {errorMessage(list.error, TODO_MESSAGES.loadFailed)}
            </Typography>
          ) : list.data.results.length === 0 ? (
            <EmptyState icon={<TaskAltOutlined />}>
              {search || kind ? TODO_MESSAGES.noMatch : TODO_MESSAGES.empty}
            </EmptyState>
          ) : (
            <TodoList items={list.data.results} kinds={kinds.data} labelledBy={titleId} />
          )}
          {list.data && list.data.unavailable.length > 0 && (
            <Typography variant="caption" sx={{ color: 'warning.main' }}>
              {TODO_MESSAGES.partial}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <TablePagination
        component="div"
        {...pageCountProps(list.data)}
        page={page}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage="Per page"
        sx={{ flexShrink: 0, '.MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 2 } }}
      />
    </Dialog>
  );
}
