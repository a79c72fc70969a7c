import type { TTopCourses } from '@atrium/contract';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { percent } from '../dashboard-format.ts';

const BAR_HEIGHT = 44;

/**
 * Completed and not yet completed enrolments per course, as stacked horizontal bars. The chart
 * is a picture for sighted users; the table below carries the same figures for screen readers
 * (and for anyone, in the card's "Show as table").
 */
export default function CourseCompletionChart({ rows }: { rows: TTopCourses['results'] }) {
  const theme = useTheme();
  const labels = rows.map((row) => row.course.title);
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <BarChart
        layout="horizontal"
        height={rows.length * BAR_HEIGHT + 80}
        margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
        yAxis={[
          {
            scaleType: 'band',
            data: labels,
            width: 120,
            // Long titles would squeeze the bars at 360 px: the table keeps them whole.
            valueFormatter: (title: string, context) =>
              context.location === 'tick' && title.length > 16 ? `${title.slice(0, 15)}…` : title,
          },
        ]}
        xAxis={[{ tickMinStep: 1, tickNumber: 4 }]}
        series={[
          {
            label: 'Completed',
            stack: 'enrolments',
            data: rows.map((row) => row.completed),
            color: theme.palette.success.main,
          },
          {
            label: 'Not completed',
            stack: 'enrolments',
            data: rows.map((row) => Math.max(0, row.enrolled - row.completed)),
            color: theme.palette.action.disabled,
            valueFormatter: (value, { dataIndex }) =>
              `${value} (${percent(rows[dataIndex]?.completion_rate ?? null)} completed)`,
          },
        ]}
        borderRadius={6}
        // The table is the accessible version; the picture stays out of the tab order.
        disableKeyboardNavigation
      />
    </Box>
  );
}
