import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatPoints, monthLabel } from '../labels.ts';

/**
 * Points per month over the last twelve. A picture only (lazily loaded): the visually hidden
 * table beside it carries the numbers.
 */
export default function PointsChart({ monthly }: { monthly: { month: string; points: number }[] }) {
  const theme = useTheme();
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <BarChart
        height={220}
        margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            categoryGapRatio: 0.35,
            data: monthly.map((m) => m.month),
            valueFormatter: (month: string, context) =>
              context.location === 'tick' ? monthLabel(month, 'short') : monthLabel(month),
          },
        ]}
        yAxis={[{ width: 44, min: 0 }]}
        series={[
          {
            data: monthly.map((m) => m.points),
            label: 'Points',
            color: theme.palette.primary.main,
            valueFormatter: (v: number | null) => (v === null ? '' : formatPoints(v)),
          },
        ]}
        hideLegend
        borderRadius={3}
        disableKeyboardNavigation
      />
    </Box>
  );
}
