import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useFalseFlags } from '../api/proctoring.api.ts';
import { flagTypeLabel, percent } from '../labels.tsx';

// Its own chunk: the chart library is large and only this section needs it here.
const FalseFlagChart = lazy(() => import('./false-flag-chart.tsx'));

/**
 * Per signal, how many flags reviewers dismissed of those they decided: a signal that is mostly
 * dismissed needs a longer threshold or should not count. One assessment's, or (without
 * `assessment`) the organisation's.
 */
export function FalseFlagDashboard({ assessment }: { assessment?: number }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const badRange = Boolean(from && to && from > to);
  const report = useFalseFlags(
    {
      ...(assessment ? { assessment } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    },
    !badRange,
  );
  const rows = (report.data?.signals ?? []).filter((s) => s.total > 0);
  const bars = rows
    .filter((s) => s.false_rate !== null)
    .map((s) => ({
      label: flagTypeLabel(s.type),
      rate: Math.round((s.false_rate ?? 0) * 100),
      dismissed: s.dismissed,
      decided: s.decided,
    }));

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          size="small"
          label="From"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={badRange}
          helperText={badRange ? 'The end is before the start.' : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {report.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void report.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(report.error)}
        </Alert>
      )}
      {report.isPending && !report.isError && (
        <Skeleton variant="rounded" height={200} aria-label="Loading the false-flag rates" />
      )}
      {report.data && rows.length === 0 && (
        <EmptyState icon={<BarChartOutlined sx={{ fontSize: 40 }} aria-hidden />}>
          No flags in this period. The rates appear once proctors have decided some flags.
        </EmptyState>
      )}
      {bars.length > 0 && (
        <Suspense
          fallback={<Skeleton variant="rounded" height={160} aria-label="Loading the chart" />}
        >
          <FalseFlagChart bars={bars} />
        </Suspense>
      )}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="False flags per signal">
            <TableHead>
              <TableRow>
                <TableCell>Signal</TableCell>
                <TableCell align="right">Flags</TableCell>
                <TableCell align="right">Decided</TableCell>
                <TableCell align="right">Dismissed</TableCell>
                <TableCell align="right">False-flag rate</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => (
                <TableRow key={s.type}>
                  <TableCell component="th" scope="row">
                    {flagTypeLabel(s.type)}
                  </TableCell>
                  <TableCell align="right">{s.total}</TableCell>
                  <TableCell align="right">{s.decided}</TableCell>
                  <TableCell align="right">{s.dismissed}</TableCell>
                  <TableCell align="right">
                    {s.false_rate === null ? 'Nothing decided' : percent(s.false_rate)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
