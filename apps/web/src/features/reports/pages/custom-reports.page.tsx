import type { TSavedReport } from '@atrium/contract';
import Add from '@mui/icons-material/Add';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirmedRemoval } from '../../../shared/hooks/use-confirmed-removal.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useRemoveSavedReport, useSavedReports } from '../api/builder.api.ts';
import { ReportsTabs } from '../components/reports-tabs.tsx';

const PAGE_SIZE = 20;
type Kind = 'all' | 'mine' | 'shared';

/**
 * /reports/custom: the saved custom reports the caller may open (theirs and those shared with
 * their role; an admin: the organisation's), searchable and paged, and "New report".
 */
export default function CustomReportsPage() {
  const [kind, setKind] = useState<Kind>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const query = useSavedReports(kind, search, page + 1, PAGE_SIZE);
  const remove = useRemoveSavedReport();
  const deletion = useConfirmedRemoval<TSavedReport>((id) => remove.mutateAsync(id), {
    done: 'The report is deleted.',
    failed: 'The report could not be deleted.',
  });

  const data = query.data;
  let body: React.ReactNode;
  if (query.isError) {
    body = (
      <LoadError
        error={query.error}
        fallback="The reports could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!data) {
    body = <Skeleton variant="rounded" height={200} aria-hidden />;
  } else if (data.count === 0) {
    body = (
      <EmptyState icon={<AssessmentOutlined fontSize="large" />}>
        {search || kind !== 'all'
          ? 'No saved report matches.'
          : 'No custom reports yet. Build one from users, courses, learning paths, assessments and more.'}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <TableContainer>
          <Table size="small" aria-label="Saved reports">
            <TableHead>
              <TableRow>
                <TableCell>Report</TableCell>
                <TableCell>Owner</TableCell>
                <TableCell>Updated</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.results.map((r) => (
                <TableRow key={r.id}>
                  <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
                    <Link
                      component={RouterLink}
                      to={`/reports/custom/${r.id}`}
                      sx={{ fontWeight: 500 }}
                    >
                      {r.name}
                    </Link>
                    {r.description && (
                      <Typography
                        variant="caption"
                        component="div"
                        sx={{ color: 'text.secondary' }}
                      >
                        {r.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {r.mine ? <Chip size="small" label="Mine" /> : r.owner.fullname}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {new Date(r.updated_at).toLocaleDateString()}
                  </TableCell>
                  <TableCell align="right">
                    {r.abilities.delete && (
                      <Tooltip title="Delete">
                        <IconButton
                          size="small"
                          aria-label={`Delete ${r.name}`}
                          onClick={() => deletion.ask(r)}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
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
      <PageHeader
        title="Reports"
        subtitle="Custom reports: saved tables of your data, each person seeing their own figures."
      />
      <ReportsTabs current="custom" />
      <SectionCard
        title="Custom reports"
        busy={query.isFetching}
        action={
          <Button
            variant="contained"
            startIcon={<Add />}
            component={RouterLink}
            to="/reports/custom/new"
          >
            New report
          </Button>
        }
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
          <SearchField
            label="Search reports"
            value={search}
            fullWidth
            onChange={(s) => {
              setSearch(s);
              setPage(0);
            }}
          />
          <TextField
            select
            size="small"
            label="Show"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind);
              setPage(0);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="all">All I can open</MenuItem>
            <MenuItem value="mine">Mine</MenuItem>
            <MenuItem value="shared">Shared with me</MenuItem>
          </TextField>
        </Stack>
        {body}
      </SectionCard>
      <ConfirmDialog
        open={deletion.pending !== null}
        title="Delete this report?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => void deletion.confirm()}
        onClose={deletion.cancel}
      >
        {deletion.pending
          ? `“${deletion.pending.name}” is deleted for everyone it is shared with.`
          : ''}
      </ConfirmDialog>
    </PageContainer>
  );
}
