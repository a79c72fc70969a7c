import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatDuration } from '../../../shared/format/duration.ts';
import { type ModuleTotal, moduleLabel } from '../activity-summary.ts';

const BAR_HEIGHT = 44;

/**
 * Time per module as horizontal bars. The chart is a picture for sighted users; the same numbers
 * are in a table that screen readers read instead.
 */
export default function ModuleTimeChart({ totals }: { totals: ModuleTotal[] }) {
  const theme = useTheme();
  const labels = totals.map((total) => moduleLabel(total.module));
  return (
    <>
      <Box aria-hidden sx={{ width: '100%' }}>
        <BarChart
          layout="horizontal"
          height={totals.length * BAR_HEIGHT + 56}
          margin={{ left: 8, right: 28, top: 8, bottom: 8 }}
          yAxis={[{ scaleType: 'band', data: labels, width: 110 }]}
          xAxis={[
            {
              valueFormatter: (minutes: number) => `${minutes} min`,
              tickMinStep: 1,
              // A handful of ticks stays readable from a phone to a wide screen.
              tickNumber: 4,
            },
          ]}
          series={[
            {
              data: totals.map((total) => Math.round((total.seconds / 60) * 10) / 10),
              color: theme.palette.primary.main,
              valueFormatter: (_value, { dataIndex }) =>
                formatDuration(totals[dataIndex]?.seconds ?? 0),
            },
          ]}
          borderRadius={6}
          hideLegend
          // The table below is the accessible version; the picture stays out of the tab order.
          disableKeyboardNavigation
        />
      </Box>
      <Box
        component="table"
        sx={{
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
      >
        <caption>Time spent per module</caption>
        <thead>
          <tr>
            <th scope="col">Module</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {totals.map((total, index) => (
            <tr key={total.module}>
              <th scope="row">{labels[index]}</th>
              <td>{formatDuration(total.seconds)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </>
  );
}
