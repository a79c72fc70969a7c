import { reportOps, type TTopCourses } from '@atrium/contract';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { visuallyHiddenSx } from '../../../shared/ui/visually-hidden.tsx';
import { percent } from '../dashboard-format.ts';

// The charting library is the heaviest part of the dashboard: it loads after the rest.
const CourseCompletionChart = lazy(() => import('./course-completion-chart.tsx'));

const TOP = 5;
const chartSkeleton = <Skeleton variant="rounded" height={260} />;

/** The figures as a table: the chart's accessible alternative, and shown on request. */
function CompletionTable({ rows, hidden }: { rows: TTopCourses['results']; hidden: boolean }) {
  return (
    <Box sx={hidden ? visuallyHiddenSx : { overflowX: 'auto' }}>
      <Table size="small">
        <caption style={hidden ? undefined : { captionSide: 'top', textAlign: 'left' }}>
          Completion of the top {TOP} courses by enrolments
        </caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Course</TableCell>
            <TableCell scope="col" align="right">
              Enrolled
            </TableCell>
            <TableCell scope="col" align="right">
              Completed
            </TableCell>
            <TableCell scope="col" align="right">
              Completion
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.course.id}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {row.course.title}
              </TableCell>
              <TableCell align="right">{row.enrolled}</TableCell>
              <TableCell align="right">{row.completed}</TableCell>
              <TableCell align="right">{percent(row.completion_rate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * "My courses' completion" for trainers and admins: the top five courses of the caller's scope
 * by enrolments (top-course/: a trainer's own courses, an admin's organisation, a superadmin's
 * every organisation), completed against not yet completed.
 */
export function CourseCompletionCard({ title }: { title: string }) {
  const [asTable, setAsTable] = useState(false);
  const query = { limit: TOP } as const;
  const top = useQuery({
    queryKey: ['reports', reportOps.topCourse.path, query],
    queryFn: ({ signal }) => call(reportOps.topCourse, { query, signal }),
  });
  const rows = top.data?.results ?? [];
  return (
    <SectionCard
      title={title}
      subtitle="The top five courses by enrolments: completed and not yet."
      busy={top.isPending}
      action={
        rows.length > 0 ? (
          <FormControlLabel
            control={<Switch size="small" checked={asTable} onChange={(_, on) => setAsTable(on)} />}
            label="Table"
            sx={{ mr: 0 }}
          />
        ) : undefined
      }
    >
      {top.isPending ? (
        chartSkeleton
      ) : top.isError ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {errorMessage(top.error, 'Could not get the courses’ completion.')}
        </Typography>
      ) : rows.length === 0 ? (
        <EmptyState icon={<BarChartOutlined />}>No enrolments in your courses yet.</EmptyState>
      ) : (
        <Box sx={{ position: 'relative' }}>
          {!asTable && (
            <Suspense fallback={chartSkeleton}>
              <CourseCompletionChart rows={rows} />
            </Suspense>
          )}
          <CompletionTable rows={rows} hidden={!asTable} />
        </Box>
      )}
    </SectionCard>
  );
}
