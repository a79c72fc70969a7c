import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';

export interface SessionBar {
  id: number;
  /** The tick under the bar (a short date). */
  label: string;
  /** The tooltip's name of the session. */
  title: string;
  /** Percent, or null while nobody is marked (drawn as no bar). */
  rate: number | null;
}

/**
 * Attendance rate per session, as bars. Loaded lazily (the chart library is large); a picture
 * only: the sessions table beside it carries the same numbers for everyone.
 */
export default function SessionRateChart({ sessions }: { sessions: SessionBar[] }) {
  const theme = useTheme();
  const byId = new Map(sessions.map((s) => [s.id, s]));
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <BarChart
        height={220}
        margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            categoryGapRatio: 0.5,
            // Ids, not dates: two sessions on one day stay two bars.
            data: sessions.map((s) => s.id),
            valueFormatter: (id: number, context) => {
              const s = byId.get(id);
              if (!s) return '';
              return context.location === 'tick' ? s.label : `${s.title} (${s.label})`;
            },
          },
        ]}
        yAxis={[{ width: 56, min: 0, max: 100, valueFormatter: (v: number) => `${v} %` }]}
        series={[
          {
            data: sessions.map((s) => s.rate),
            label: 'Attendance rate',
            color: theme.palette.success.main,
            valueFormatter: (v) => (v === null ? 'Nobody marked' : `${v} %`),
          },
        ]}
        hideLegend
        borderRadius={4}
        disableKeyboardNavigation
      />
    </Box>
  );
}
