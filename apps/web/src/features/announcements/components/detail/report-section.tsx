import type { TAnnouncement } from '@atrium/contract';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { SectionCard } from '../../../../shared/ui/section-card.tsx';
import { percent, statsText } from '../../announcement-format.ts';
import { AcknowledgementReport } from './acknowledgement-report.tsx';

const ReportChart = lazy(() => import('./report-chart.tsx'));

/**
 * For its managers: how many of the audience read it (and acknowledged it), as a chart and the
 * table with the same numbers, then who did and who did not.
 */
export function ReportSection({ announcement: a }: { announcement: TAnnouncement }) {
  const stats = a.stats;
  const figures = stats
    ? [
        { label: 'Read', done: stats.read },
        ...(a.must_acknowledge ? [{ label: 'Acknowledged', done: stats.acknowledged }] : []),
      ]
    : [];
  return (
    <SectionCard
      title="Report"
      subtitle={stats ? statsText(stats, a.must_acknowledge) : 'Figures come once it has gone out.'}
    >
      <Stack spacing={3}>
        {stats && stats.audience > 0 && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Stack sx={{ flex: 3, minWidth: 0 }}>
              <Suspense fallback={<Skeleton variant="rounded" height={figures.length * 48 + 56} />}>
                <ReportChart figures={figures} audience={stats.audience} />
              </Suspense>
            </Stack>
            <TableContainer sx={{ flex: 2, alignSelf: 'center' }}>
              <Table size="small" aria-label="Reading figures">
                <TableHead>
                  <TableRow>
                    <TableCell />
                    <TableCell align="right">People</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {figures.map((f) => (
                    <TableRow key={f.label}>
                      <TableCell component="th" scope="row">
                        {f.label}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {`${f.done.toLocaleString()} of ${stats.audience.toLocaleString()} (${percent(f.done, stats.audience)} %)`}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Stack>
        )}
        {stats && stats.audience === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Nobody is in its audience now: check the groups it was sent to.
          </Typography>
        )}
        <AcknowledgementReport announcement={a} />
      </Stack>
    </SectionCard>
  );
}
