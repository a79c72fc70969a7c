import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';

export interface ReportFigure {
  label: string;
  done: number;
}

/**
 * How many of the audience did each thing, as horizontal bars against the audience's size.
 * Loaded lazily (the chart library is large); a picture only: the table beside it carries the
 * same numbers.
 */
export default function ReportChart({
  figures,
  audience,
}: {
  figures: ReportFigure[];
  audience: number;
}) {
  const theme = useTheme();
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <BarChart
        layout="horizontal"
        height={figures.length * 48 + 56}
        margin={{ left: 8, right: 24, top: 8, bottom: 8 }}
        yAxis={[{ scaleType: 'band', data: figures.map((f) => f.label), width: 110 }]}
        xAxis={[{ min: 0, max: Math.max(audience, 1), tickNumber: 4, tickMinStep: 1 }]}
        series={[
          {
            data: figures.map((f) => f.done),
            label: 'People',
            color: theme.palette.primary.main,
          },
        ]}
        hideLegend
        borderRadius={4}
        disableKeyboardNavigation
      />
    </Box>
  );
}
