import type { TCourseCompletionRow } from '@atrium/contract';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { widgetSource } from '../api/exports.api.ts';
import { useCourseCompletion, useTrainerCompletion } from '../api/reports.api.ts';
import { formatCount, formatRate } from '../datasets.ts';
import { type ReportFilters, rangeOf, userTypeOf, yearOf } from '../filters.ts';
import { ReportCard } from './report-card.tsx';

const PAGE_SIZES = [10, 25, 50];

function usePaging() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);
  const pagination = (count: Parameters<typeof pageCountProps>[0]) => (
    <TablePagination
      component="div"
      {...pageCountProps(count)}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_e, next) => setPage(next)}
      onRowsPerPageChange={(e) => {
        setPageSize(Number(e.target.value));
        setPage(0);
      }}
    />
  );
  return { query: { page: page + 1, page_size: pageSize }, pagination };
}

function Progress({ value }: { value: number | null }) {
  if (value === null) return <>–</>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 96 }}>
      <LinearProgress
        variant="determinate"
        value={value}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
        aria-hidden
      />
      <span>{formatRate(value)}</span>
    </Stack>
  );
}

const num = (n: number) => (
  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
    {formatCount(n)}
  </TableCell>
);

/**
 * Per course: enrolled, not started, in progress, completed (a page at a time). Mounted with a
 * key of the filters, so a filter change starts again at the first page.
 */
export function CourseCompletionCard({ filters }: { filters: ReportFilters }) {
  const { query, pagination } = usePaging();
  const report = useCourseCompletion({ ...rangeOf(filters), ...userTypeOf(filters), ...query });
  return (
    <ReportCard
      title="Course completion"
      source={widgetSource('course-completion', { ...rangeOf(filters), ...userTypeOf(filters) })}
      subtitle="Per course: where its learners are."
      query={report}
      emptyText="No courses to report on for these filters."
      isEmpty={(page) => page.results.length === 0}
    >
      {(page) => (
        <>
          {/* Focusable: on a phone the table scrolls sideways, and keyboards must scroll it too. */}
          <TableContainer
            sx={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label="Course completion, scrollable"
          >
            <Table size="small" aria-label="Course completion">
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Course</TableCell>
                  {['Enrolled', 'Not started', 'In progress', 'Completed'].map((h) => (
                    <TableCell key={h} scope="col" align="right">
                      {h}
                    </TableCell>
                  ))}
                  <TableCell scope="col">Completion rate</TableCell>
                  <TableCell scope="col">Average progress</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {page.results.map((r: TCourseCompletionRow) => (
                  <TableRow key={r.course.id}>
                    <TableCell component="th" scope="row" sx={{ minWidth: 160 }}>
                      {r.course.title}
                    </TableCell>
                    {num(r.enrolled)}
                    {num(r.not_started)}
                    {num(r.in_progress)}
                    {num(r.completed)}
                    <TableCell>
                      <Progress value={r.completion_rate} />
                    </TableCell>
                    <TableCell>
                      <Progress value={r.average_progress} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {pagination(page)}
        </>
      )}
    </ReportCard>
  );
}

/** Per trainer: their courses, enrolments and completions in the year. */
export function TrainerCompletionCard({ filters }: { filters: ReportFilters }) {
  const { query, pagination } = usePaging();
  const report = useTrainerCompletion({ ...yearOf(filters), ...query });
  return (
    <ReportCard
      title="Trainer completion"
      source={widgetSource('course-completion-trainer', yearOf(filters))}
      subtitle={`Courses each trainer wrote, ${filters.year ?? 'this year'}.`}
      query={report}
      emptyText="No trainer has learners in this period."
      isEmpty={(page) => page.results.length === 0}
    >
      {(page) => (
        <>
          <TableContainer
            sx={{ overflowX: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label="Trainer completion, scrollable"
          >
            <Table size="small" aria-label="Trainer completion">
              <TableHead>
                <TableRow>
                  <TableCell scope="col">Trainer</TableCell>
                  {['Courses', 'Enrolled', 'Completed'].map((h) => (
                    <TableCell key={h} scope="col" align="right">
                      {h}
                    </TableCell>
                  ))}
                  <TableCell scope="col">Completion rate</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {page.results.map((r) => (
                  <TableRow key={r.trainer.id}>
                    <TableCell component="th" scope="row" sx={{ minWidth: 140 }}>
                      {r.trainer.fullname}
                    </TableCell>
                    {num(r.courses)}
                    {num(r.enrolled)}
                    {num(r.completed)}
                    <TableCell>
                      <Progress value={r.completion_rate} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {pagination(page)}
        </>
      )}
    </ReportCard>
  );
}
