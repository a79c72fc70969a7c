import type { TAdminHealth } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { VisuallyHiddenTable } from '../../../shared/ui/visually-hidden.tsx';
import { HEALTH_REFRESH_MS, useHealth } from '../api/admin.api.ts';
import { formatBytes } from '../format.ts';
import { FailedJobs } from './failed-jobs.tsx';

const QueueChart = lazy(() => import('./queue-chart.tsx'));

function Figure({
  label,
  value,
  warn = false,
}: {
  label: string;
  value: ReactNode;
  warn?: boolean;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} color={warn ? 'error' : undefined}>
        {value}
      </Typography>
    </Stack>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
          {title}
        </Typography>
        <Stack spacing={0.75}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

const known = (n: number | null, show: (n: number) => string = String) =>
  n === null ? 'Unknown' : show(n);

function QueuePanel({ queue }: { queue: TAdminHealth['queue'] }) {
  if (queue.length === 0) {
    return <Typography color="text.secondary">No jobs waiting, running or failed.</Typography>;
  }
  return (
    <>
      <Suspense fallback={<LinearProgress aria-label="Loading chart" />}>
        <QueueChart queue={queue} />
      </Suspense>
      <VisuallyHiddenTable>
        <caption>Jobs by lane, type and status</caption>
        <thead>
          <tr>
            <th>Lane</th>
            <th>Type</th>
            <th>Status</th>
            <th>Jobs</th>
          </tr>
        </thead>
        <tbody>
          {queue.map((q) => (
            <tr key={`${q.type}-${q.status}`}>
              <td>{q.lane}</td>
              <td>{q.type}</td>
              <td>{q.status}</td>
              <td>{q.count}</td>
            </tr>
          ))}
        </tbody>
      </VisuallyHiddenTable>
    </>
  );
}

/** Database, queue, mail, transcodes and disk, read again every 15 seconds. */
export function HealthTab() {
  const health = useHealth();
  if (health.isPending) return <LinearProgress aria-label="Loading system health" />;
  if (health.isError) {
    return (
      <LoadError
        error={health.error}
        fallback="The system health could not be read."
        onRetry={() => health.refetch()}
      />
    );
  }
  const h = health.data;
  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        Checked {new Date(h.checked_at).toLocaleTimeString()}; refreshed every{' '}
        {HEALTH_REFRESH_MS / 1000} seconds.
      </Typography>
      {!h.database.reachable && <Alert severity="error">The database is not reachable.</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6, lg: 3 }}>
          <Panel title="Database">
            <Box>
              <Chip
                size="small"
                color={h.database.reachable ? 'success' : 'error'}
                label={h.database.reachable ? 'Reachable' : 'Unreachable'}
              />
            </Box>
            <Figure
              label="Engine"
              value={h.database.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}
            />
            <Figure label="Version" value={h.database.version ?? 'Unknown'} />
            <Figure label="Size" value={known(h.database.size_bytes, formatBytes)} />
            {h.database.engine === 'postgres' && (
              <Figure label="Connections" value={known(h.database.connections)} />
            )}
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 3 }}>
          <Panel title="Mail">
            <Figure
              label="Transport"
              value={h.mail.transport === 'smtp' ? 'SMTP' : 'Outbox table'}
            />
            <Figure label="Queued" value={h.mail.queued} />
            <Figure label="Failed" value={h.mail.failed} warn={h.mail.failed > 0} />
            <Figure label="Outbox, last 24 h" value={h.mail.outbox_last_day} />
            {h.mail.recent_failures.map((f) => (
              <Typography
                key={f.id}
                variant="caption"
                color="error"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {f.type}: {f.last_error ?? 'no error recorded'}
              </Typography>
            ))}
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 3 }}>
          <Panel title="Video transcodes">
            <Figure label="Queued" value={h.transcodes.queued} />
            <Figure label="Running" value={h.transcodes.running} />
            <Figure label="Failed" value={h.transcodes.failed} warn={h.transcodes.failed > 0} />
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6, lg: 3 }}>
          <Panel title="Disk (file store)">
            {h.disk === null ? (
              <Typography color="text.secondary">The file store could not be read.</Typography>
            ) : (
              <>
                <Figure label="Free" value={formatBytes(h.disk.free_bytes)} />
                <Figure label="Used" value={formatBytes(h.disk.used_bytes)} />
                <Figure label="Size" value={formatBytes(h.disk.total_bytes)} />
                <LinearProgress
                  variant="determinate"
                  value={
                    h.disk.total_bytes > 0 ? (100 * h.disk.used_bytes) / h.disk.total_bytes : 0
                  }
                  aria-label="Disk used"
                />
              </>
            )}
          </Panel>
        </Grid>
      </Grid>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
            Job queue
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {h.failed_jobs} failed in all.
          </Typography>
          <QueuePanel queue={h.queue} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <FailedJobs />
        </CardContent>
      </Card>
    </Stack>
  );
}
