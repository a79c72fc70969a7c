import type { TAdminHealth } from '@atrium/contract';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';

/** Jobs per status, a bar per lane (stacked by status); a picture only (lazily loaded). */
export default function QueueChart({ queue }: { queue: TAdminHealth['queue'] }) {
  const theme = useTheme();
  const lanes = ['default', 'long'] as const;
  const total = (lane: string, status: string) =>
    queue.filter((q) => q.lane === lane && q.status === status).reduce((n, q) => n + q.count, 0);
  const series = [
    { status: 'queued', label: 'Queued', color: theme.palette.info.main },
    { status: 'running', label: 'Running', color: theme.palette.success.main },
    { status: 'failed', label: 'Failed', color: theme.palette.error.main },
  ].map((s) => ({
    data: lanes.map((lane) => total(lane, s.status)),
    label: s.label,
    stack: 'jobs',
    color: s.color,
  }));
  return (
    <Box aria-hidden sx={{ width: '100%' }}>
      <BarChart
        height={180}
        layout="horizontal"
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
        yAxis={[{ scaleType: 'band', data: ['Default lane', 'Long lane'], width: 96 }]}
        xAxis={[{ min: 0, tickMinStep: 1 }]}
        series={series}
        borderRadius={3}
        disableKeyboardNavigation
      />
    </Box>
  );
}
