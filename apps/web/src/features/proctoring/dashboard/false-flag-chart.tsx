import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';

const BAR_HEIGHT = 40;

export interface RateBar {
  label: string;
  /** 0..100. */
  rate: number;
  dismissed: number;
  decided: number;
}

/**
 * The false-flag rate per signal as horizontal bars. Loaded lazily (the chart library is large);
 * a picture only: the table beside it carries the same numbers for everyone.
 */
export default function FalseFlagChart({ bars }: { bars: RateBar[] }) {
  const theme = useTheme();
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <BarChart
        layout="horizontal"
        height={bars.length * BAR_HEIGHT + 56}
        margin={{ left: 8, right: 24, top: 8, bottom: 8 }}
        yAxis={[{ scaleType: 'band', data: bars.map((b) => b.label), width: 130 }]}
        xAxis={[{ min: 0, max: 100, tickNumber: 5, valueFormatter: (v: number) => `${v} %` }]}
        series={[
          {
            data: bars.map((b) => b.rate),
            label: 'Dismissed of decided',
            color: theme.palette.warning.main,
            valueFormatter: (_value, { dataIndex }) => {
              const b = bars[dataIndex];
              return b ? `${b.rate} % (${b.dismissed} of ${b.decided})` : '';
            },
          },
        ]}
        borderRadius={4}
        hideLegend
        disableKeyboardNavigation
      />
    </Box>
  );
}
