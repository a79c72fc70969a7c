import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useExportSessionReport, useSessionReport } from '../../api/reports.api.ts';
import { percent } from '../dashboard/classroom-dashboard.tsx';

/** One labelled number of a report. */
export function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }}>{value}</Typography>
    </Box>
  );
}

/** The session report: seats, attendance rate and the survey's results, with its exports. */
export function SessionReport({ sessionId }: { sessionId: number }) {
  const report = useSessionReport(sessionId);
  const exporter = useExportSessionReport(sessionId);
  const r = report.data;
  return (
    <SectionCard
      title="Session report"
      subtitle="Attendance and the survey's results"
      busy={!r}
      action={
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            startIcon={<DownloadOutlined />}
            onClick={() => exporter.mutate('csv')}
            aria-label="Export the session report as CSV"
          >
            CSV
          </Button>
          <Button
            size="small"
            startIcon={<DownloadOutlined />}
            onClick={() => exporter.mutate('xlsx')}
            aria-label="Export the session report as XLSX"
          >
            XLSX
          </Button>
        </Stack>
      }
    >
      {report.isError ? (
        <Alert severity="error">{errorMessage(report.error)}</Alert>
      ) : !r ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <Stack spacing={2.5}>
          <Box
            aria-label="Attendance figures"
            role="group"
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: 'repeat(2, 1fr)',
                sm: 'repeat(4, 1fr)',
                md: 'repeat(7, 1fr)',
              },
            }}
          >
            <Figure label="Attendance rate" value={percent(r.counts.attendance_rate)} />
            <Figure label="Booked" value={`${r.counts.booked}/${r.session.capacity}`} />
            <Figure label="Present" value={r.counts.attended} />
            <Figure label="Late" value={r.counts.partial} />
            <Figure label="Excused" value={r.counts.excused} />
            <Figure label="Absent" value={r.counts.no_show - r.counts.excused} />
            <Figure label="Waitlisted" value={r.counts.waitlisted} />
          </Box>
          <Box>
            <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
              Survey
            </Typography>
            {r.survey.count === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                No answers yet.
              </Typography>
            ) : (
              <Stack spacing={1.5}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Rating value={r.survey.average ?? 0} precision={0.1} readOnly aria-hidden />
                  <Typography>
                    {r.survey.average?.toLocaleString() ?? '—'} of 5 from {r.survey.count}{' '}
                    {r.survey.count === 1 ? 'answer' : 'answers'}
                  </Typography>
                </Stack>
                {r.survey.questions.map((q) => (
                  <Box key={q.question}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {q.question}
                    </Typography>
                    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                      {q.answers.filter(Boolean).map((a, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: answers may repeat
                        <Typography component="li" variant="body2" key={i}>
                          {a}
                        </Typography>
                      ))}
                    </Box>
                  </Box>
                ))}
                {r.survey.comments.length > 0 && (
                  <Box>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      Comments
                    </Typography>
                    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                      {r.survey.comments.map((c, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: comments may repeat
                        <Typography component="li" variant="body2" key={i}>
                          {c}
                        </Typography>
                      ))}
                    </Box>
                  </Box>
                )}
              </Stack>
            )}
          </Box>
        </Stack>
      )}
    </SectionCard>
  );
}
