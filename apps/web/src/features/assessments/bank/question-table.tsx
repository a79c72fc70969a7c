import type { TBankQuestion, TPage } from '@atrium/contract';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
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
import Typography from '@mui/material/Typography';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { QUESTION_TYPE_LABELS } from './definition-model.ts';

/* One page of bank questions with selection for export and each row's actions per abilities. */

export interface QuestionActions {
  onEdit: (q: TBankQuestion) => void;
  onVersions: (q: TBankQuestion) => void;
  onRemove: (q: TBankQuestion) => void;
  onRestore: (q: TBankQuestion) => void;
}

const day = (iso: string) => new Date(iso).toLocaleDateString();

export function QuestionTable({
  data,
  loading,
  selected,
  onSelect,
  page,
  pageSize,
  onPage,
  onPageSize,
  actions,
}: {
  data: TPage<TBankQuestion> | undefined;
  loading: boolean;
  selected: ReadonlySet<number>;
  onSelect: (next: Set<number>) => void;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  actions: QuestionActions;
}) {
  const rows = data?.results ?? [];
  const allOnPage = rows.length > 0 && rows.every((q) => selected.has(q.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const togglePage = () => {
    const next = new Set(selected);
    for (const q of rows) {
      if (allOnPage) next.delete(q.id);
      else next.add(q.id);
    }
    onSelect(next);
  };

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Questions" aria-busy={loading}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allOnPage}
                  indeterminate={!allOnPage && rows.some((q) => selected.has(q.id))}
                  onChange={togglePage}
                  disabled={rows.length === 0}
                  slotProps={{ input: { 'aria-label': 'Select the questions on this page' } }}
                />
              </TableCell>
              <TableCell>Question</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Type</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Category</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Updated</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading && rows.length === 0
              ? [0, 1, 2, 3].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={6}>
                      <Skeleton height={32} />
                    </TableCell>
                  </TableRow>
                ))
              : rows.map((q) => (
                  <TableRow key={q.id} hover selected={selected.has(q.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(q.id)}
                        onChange={() => toggle(q.id)}
                        slotProps={{ input: { 'aria-label': `Select ${q.title}` } }}
                      />
                    </TableCell>
                    <TableCell sx={{ maxWidth: 360 }}>
                      <Typography
                        variant="body2"
                        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                      >
                        {q.title}
                      </Typography>
                      <Stack
                        direction="row"
                        spacing={0.5}
                        useFlexGap
                        sx={{ flexWrap: 'wrap', mt: 0.5 }}
                      >
                        <Chip size="small" variant="outlined" label={`v${q.version}`} />
                        {q.status === 'archived' && <Chip size="small" label="Archived" />}
                        {q.tags.map((t) => (
                          <Chip key={t} size="small" label={t} />
                        ))}
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {QUESTION_TYPE_LABELS[q.type]}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {q.category_name ?? '—'}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {day(q.updated_at)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RowActions question={q} actions={actions} />
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      {!loading && rows.length === 0 && (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>No questions here</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Change the filters, add a question or import some.
          </Typography>
        </Box>
      )}
      <TablePagination
        component="div"
        {...pageCountProps(data)}
        page={page - 1}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[10, 20, 50, 100]}
        onPageChange={(_, p) => onPage(p + 1)}
        onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
        // At 360 px the page-size chooser pushed the next-page arrow out of the card.
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' },
          '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        }}
      />
    </Paper>
  );
}

function RowActions({
  question: q,
  actions,
}: {
  question: TBankQuestion;
  actions: QuestionActions;
}) {
  return (
    <>
      <Tooltip title={q.abilities.edit ? 'Edit' : 'View'}>
        <IconButton size="small" aria-label={`Edit ${q.title}`} onClick={() => actions.onEdit(q)}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Versions">
        <IconButton
          size="small"
          aria-label={`Versions of ${q.title}`}
          onClick={() => actions.onVersions(q)}
        >
          <HistoryOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {q.status === 'archived'
        ? q.abilities.edit && (
            <Tooltip title="Restore">
              <IconButton
                size="small"
                aria-label={`Restore ${q.title}`}
                onClick={() => actions.onRestore(q)}
              >
                <UnarchiveOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )
        : q.abilities.delete && (
            <Tooltip title={q.used ? 'Archive' : 'Delete'}>
              <IconButton
                size="small"
                aria-label={`${q.used ? 'Archive' : 'Delete'} ${q.title}`}
                onClick={() => actions.onRemove(q)}
              >
                {q.used ? (
                  <ArchiveOutlined fontSize="small" />
                ) : (
                  <DeleteOutlineOutlined fontSize="small" />
                )}
              </IconButton>
            </Tooltip>
          )}
    </>
  );
}
