import type { TCourseDashboard } from '@atrium/contract';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { VisuallyHiddenTable } from '../../../../shared/ui/visually-hidden.tsx';
import { STATUS_LABELS } from '../../catalogue-query.ts';

const STATUSES = ['draft', 'pending', 'approved', 'published'] as const;

/**
 * Courses by status as bars (loaded lazily: the chart library is large). The picture is for
 * sighted users; screen readers read the same numbers from the table.
 */
export default function CourseStatusChart({ counts }: { counts: TCourseDashboard['courses'] }) {
  const theme = useTheme();
  const colours = {
    draft: theme.palette.grey[500],
    pending: theme.palette.warning.main,
    approved: theme.palette.info.main,
    published: theme.palette.success.main,
  };
  return (
    <>
      <Box aria-hidden sx={{ width: '100%' }}>
        <BarChart
          height={260}
          margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
          xAxis={[
            {
              scaleType: 'band',
              data: STATUSES.map((s) => STATUS_LABELS[s].label),
              colorMap: {
                type: 'ordinal',
                colors: STATUSES.map((s) => colours[s]),
              },
            },
          ]}
          yAxis={[{ tickMinStep: 1, width: 36 }]}
          series={[{ data: STATUSES.map((s) => counts[s]), label: 'Courses' }]}
          borderRadius={6}
          hideLegend
          disableKeyboardNavigation
        />
      </Box>
      <VisuallyHiddenTable>
        <caption>Courses by status</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Courses</th>
          </tr>
        </thead>
        <tbody>
          {STATUSES.map((s) => (
            <tr key={s}>
              <th scope="row">{STATUS_LABELS[s].label}</th>
              <td>{counts[s]}</td>
            </tr>
          ))}
        </tbody>
      </VisuallyHiddenTable>
    </>
  );
}
