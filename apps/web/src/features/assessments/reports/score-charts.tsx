import type { TAssessmentReportDetail } from '@atrium/contract';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { VisuallyHiddenTable } from '../../../shared/ui/visually-hidden.tsx';

const BANDS = Array.from({ length: 10 }, (_, i) => `${i * 10}–${i * 10 + 10}`);

/**
 * The score distribution (ten bands, those under the pass mark in the error colour) and passed
 * against not passed. Loaded lazily: the chart library is large. Screen readers read the same
 * numbers from the hidden tables.
 */
export default function ScoreCharts({ report }: { report: TAssessmentReportDetail }) {
  const theme = useTheme();
  const passMark = report.assessment.pass_mark;
  const failed = Math.max(0, report.summary.graded - report.summary.passed);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Typography variant="subtitle2" component="h3">
          Score distribution (%)
        </Typography>
        <Box aria-hidden>
          <BarChart
            height={240}
            margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
            xAxis={[
              {
                scaleType: 'band',
                data: BANDS,
                colorMap: {
                  type: 'ordinal',
                  colors: BANDS.map((_, i) =>
                    (i + 1) * 10 <= passMark
                      ? theme.palette.error.light
                      : theme.palette.primary.main,
                  ),
                },
              },
            ]}
            yAxis={[{ tickMinStep: 1, width: 36 }]}
            series={[{ data: report.distribution, label: 'Attempts' }]}
            borderRadius={4}
            hideLegend
            disableKeyboardNavigation
          />
        </Box>
        <VisuallyHiddenTable>
          <caption>Graded attempts by score band</caption>
          <tbody>
            {BANDS.map((band, i) => (
              <tr key={band}>
                <th scope="row">{band} %</th>
                <td>{report.distribution[i]}</td>
              </tr>
            ))}
          </tbody>
        </VisuallyHiddenTable>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Typography variant="subtitle2" component="h3">
          Passed and not passed
        </Typography>
        <Box aria-hidden>
          <PieChart
            height={240}
            series={[
              {
                innerRadius: 50,
                data: [
                  {
                    id: 0,
                    value: report.summary.passed,
                    label: 'Passed',
                    color: theme.palette.success.main,
                  },
                  { id: 1, value: failed, label: 'Not passed', color: theme.palette.error.main },
                ],
              },
            ]}
          />
        </Box>
        <VisuallyHiddenTable>
          <caption>Graded attempts that passed</caption>
          <tbody>
            <tr>
              <th scope="row">Passed</th>
              <td>{report.summary.passed}</td>
            </tr>
            <tr>
              <th scope="row">Not passed</th>
              <td>{failed}</td>
            </tr>
          </tbody>
        </VisuallyHiddenTable>
      </Grid>
    </Grid>
  );
}
