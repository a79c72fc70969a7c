import type { TCpdSummary, TCpdUnit } from '@atrium/contract';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { cycleLabel, formatAmount, shortCycleLabel } from '../../cpd-format.ts';

/**
 * The last cycles' totals (earned and carried over, stacked) with the target as a line. A picture
 * only (lazily loaded): the visually hidden table beside it carries the numbers.
 */
export default function HistoryChart({
  history,
  unit,
  target,
}: {
  history: TCpdSummary['history'];
  unit: TCpdUnit;
  target: number | null;
}) {
  const theme = useTheme();
  const format = (v: number | null) => (v === null ? '' : formatAmount(v, unit));
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <BarChart
        height={200}
        margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            categoryGapRatio: 0.4,
            data: history.map((c) => c.start),
            valueFormatter: (start: string, context) => {
              const cycle = history.find((c) => c.start === start);
              if (!cycle) return '';
              return context.location === 'tick' ? shortCycleLabel(cycle) : cycleLabel(cycle);
            },
          },
        ]}
        yAxis={[{ width: 44, min: 0 }]}
        series={[
          {
            data: history.map((c) => c.earned),
            label: 'Earned',
            stack: 'total',
            color: theme.palette.primary.main,
            valueFormatter: format,
          },
          {
            data: history.map((c) => c.carried_over),
            label: 'Carried over',
            stack: 'total',
            color: theme.palette.secondary.main,
            valueFormatter: format,
          },
        ]}
        borderRadius={3}
        disableKeyboardNavigation
      >
        {target !== null && (
          <ChartsReferenceLine
            y={target}
            label="Target"
            labelAlign="end"
            lineStyle={{ stroke: theme.palette.text.secondary, strokeDasharray: '4 4' }}
            labelStyle={{ fill: theme.palette.text.secondary, fontSize: 12 }}
          />
        )}
      </BarChart>
    </Box>
  );
}
