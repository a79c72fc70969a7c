import type { TAssessmentSummary, TPage } from '@atrium/contract';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDuration } from '../../../shared/format/duration.ts';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { attendeesUrl, editorUrl, STATUS_COLOUR, STATUS_LABEL } from './labels.ts';

export type RowAction = 'copy' | 'delete';

/**
 * The assessments the caller may see, one row each, with the actions its abilities allow (a
 * trainer sees no button the server would refuse) and a checkbox for the bulk actions.
 */
export function AssessmentTable({
  list,
  page,
  pageSize,
  onPage,
  selected,
  onSelect,
  onAction,
  empty,
}: {
  list: UseQueryResult<TPage<TAssessmentSummary>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  onAction: (assessment: TAssessmentSummary, action: RowAction) => void;
  empty: string;
}) {
  if (list.isError && !list.data) {
    return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  }
  const rows = list.data?.results;
  const ids = rows?.map((r) => r.id) ?? [];
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const some = ids.some((id) => selected.has(id));
  return (
    <Card>
      <LinearProgress
        aria-label="Loading assessments"
        sx={{ visibility: list.isFetching && rows ? 'visible' : 'hidden' }}
      />
      {rows?.length === 0 ? (
        <EmptyState icon={<QuizOutlined fontSize="large" />}>{empty}</EmptyState>
      ) : (
        <TableContainer>
          <Table size="small" sx={{ minWidth: 860 }} aria-label="Assessments">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={all}
                    indeterminate={some && !all}
                    onChange={(event) => onSelect(ids, event.target.checked)}
                    slotProps={{ input: { 'aria-label': 'Select all assessments on this page' } }}
                  />
                </TableCell>
                <TableCell>Title</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Course</TableCell>
                <TableCell align="right">Questions</TableCell>
                <TableCell>Time limit</TableCell>
                <TableCell align="right">Assigned</TableCell>
                <TableCell align="right">Submitted</TableCell>
                <TableCell align="right">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === undefined
                ? Array.from({ length: 6 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <TableRow key={i}>
                      <TableCell colSpan={9}>
                        <Skeleton height={32} />
                      </TableCell>
                    </TableRow>
                  ))
                : rows.map((a) => (
                    <TableRow key={a.id} hover selected={selected.has(a.id)}>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.has(a.id)}
                          onChange={(event) => onSelect([a.id], event.target.checked)}
                          slotProps={{ input: { 'aria-label': `Select ${a.title}` } }}
                        />
                      </TableCell>
                      <TableCell sx={{ maxWidth: 300 }}>
                        {a.abilities.edit ? (
                          <Link
                            component={RouterLink}
                            to={editorUrl(a.id)}
                            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                          >
                            {a.title}
                          </Link>
                        ) : (
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {a.title}
                          </Typography>
                        )}
                        {a.pending_grading > 0 && (
                          <Typography
                            variant="caption"
                            sx={{ display: 'block', color: 'warning.main' }}
                          >
                            {a.pending_grading} to grade
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          label={STATUS_LABEL[a.status]}
                          color={STATUS_COLOUR[a.status]}
                        />
                      </TableCell>
                      <TableCell sx={{ maxWidth: 200, overflowWrap: 'anywhere' }}>
                        {a.course?.title ?? (
                          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                            Standalone
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">{a.question_count}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {a.time_limit_seconds ? formatDuration(a.time_limit_seconds) : 'None'}
                      </TableCell>
                      <TableCell align="right">{a.assigned_count.toLocaleString()}</TableCell>
                      <TableCell align="right">{a.submitted_count.toLocaleString()}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {a.abilities.edit && (
                          <Tooltip title="Edit">
                            <IconButton
                              size="small"
                              component={RouterLink}
                              to={editorUrl(a.id)}
                              aria-label={`Edit ${a.title}`}
                            >
                              <EditOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                        {a.abilities.report && (
                          <Tooltip title="Attendees and report">
                            <IconButton
                              size="small"
                              component={RouterLink}
                              to={attendeesUrl(a.id)}
                              aria-label={`Attendees and report of ${a.title}`}
                            >
                              <InsightsOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                        <Tooltip title="Make a copy">
                          <IconButton
                            size="small"
                            aria-label={`Copy ${a.title}`}
                            onClick={() => onAction(a, 'copy')}
                          >
                            <ContentCopyOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        {a.abilities.delete && (
                          <Tooltip title="Delete">
                            <IconButton
                              size="small"
                              aria-label={`Delete ${a.title}`}
                              onClick={() => onAction(a, 'delete')}
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
      )}
      <TablePagination
        component="div"
        {...pageCountProps(list.data)}
        page={list.data ? page - 1 : 0}
        onPageChange={(_event, next) => onPage(next + 1)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[]}
      />
    </Card>
  );
}
