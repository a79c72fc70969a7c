import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';

export interface WeekBar {
  label: string;
  attended: number;
  booked: number;
}

/**
 * Seats booked and attended per week, as bars. Loaded lazily (the chart library is large); a
 * picture only: the table under it carries the same numbers for everyone.
 */
export default function AttendanceChart({ weeks }: { weeks: WeekBar[] }) {
  const theme = useTheme();
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <BarChart
        height={260}
        margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
        xAxis={[{ scaleType: 'band', data: weeks.map((w) => w.label) }]}
        yAxis={[{ width: 44, min: 0, tickMinStep: 1 }]}
        series={[
          { data: weeks.map((w) => w.booked), label: 'Booked', color: theme.palette.primary.light },
          {
            data: weeks.map((w) => w.attended),
            label: 'Attended',
            color: theme.palette.success.main,
          },
        ]}
        borderRadius={4}
        disableKeyboardNavigation
      />
    </Box>
  );
}
