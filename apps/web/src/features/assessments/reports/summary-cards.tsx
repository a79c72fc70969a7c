import type { TAssessmentReportDetail } from '@atrium/contract';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDuration } from '../../../shared/format/duration.ts';
import { percent } from './report-labels.ts';

/** The report's headline figures, one small card each. */
export function SummaryCards({ report }: { report: TAssessmentReportDetail | undefined }) {
  const s = report?.summary;
  const cards: [string, string | undefined][] = [
    ['Assigned', s?.assigned.toLocaleString()],
    ['Started', s?.started.toLocaleString()],
    ['Submitted', s?.submitted.toLocaleString()],
    [
      'Passed',
      s ? `${s.passed.toLocaleString()} of ${s.graded.toLocaleString()} graded` : undefined,
    ],
    ['Average score', s ? percent(s.average_percent, 1) : undefined],
    ['Median score', s ? percent(s.median_percent, 1) : undefined],
    [
      'Average time',
      s
        ? s.average_time_seconds === null
          ? '—'
          : formatDuration(s.average_time_seconds)
        : undefined,
    ],
    ['Pass mark', report ? percent(report.assessment.pass_mark) : undefined],
  ];
  return (
    <Grid container spacing={1.5} component="dl" sx={{ m: 0 }}>
      {cards.map(([label, value]) => (
        <Grid key={label} size={{ xs: 6, sm: 3 }}>
          <Card variant="outlined" sx={{ p: 1.5, height: '100%' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 600 }}>
              {value ?? <Skeleton width={60} />}
            </Typography>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
