import type { TCpdUnit } from '@atrium/contract';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { type CategoryRow, formatAmount } from '../../cpd-format.ts';

const BAR_HEIGHT = 52;

/**
 * Earned against the minimum per category, as paired horizontal bars. Loaded lazily (the chart
 * library is large); a picture only: the table beside it carries the same numbers.
 */
export default function CategoryChart({
  categories,
  unit,
}: {
  categories: CategoryRow[];
  unit: TCpdUnit;
}) {
  const theme = useTheme();
  const format = (v: number | null) => (v === null ? '' : formatAmount(v, unit));
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <BarChart
        layout="horizontal"
        height={categories.length * BAR_HEIGHT + 72}
        margin={{ left: 8, right: 24, top: 8, bottom: 8 }}
        yAxis={[{ scaleType: 'band', data: categories.map((c) => c.name), width: 110 }]}
        xAxis={[{ min: 0, tickNumber: 4, tickMinStep: 1 }]}
        series={[
          {
            data: categories.map((c) => c.earned),
            label: 'Earned',
            color: theme.palette.primary.main,
            valueFormatter: format,
          },
          {
            data: categories.map((c) => c.minimum),
            label: 'Minimum',
            color: theme.palette.action.disabled,
            valueFormatter: format,
          },
        ]}
        borderRadius={4}
        disableKeyboardNavigation
      />
    </Box>
  );
}
