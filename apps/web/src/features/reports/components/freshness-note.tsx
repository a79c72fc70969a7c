import Typography from '@mui/material/Typography';
import { formatRelativeTime } from '../../../shared/format/relative-time.ts';
import { useReportFreshness } from '../api/reports.api.ts';
import type { ReportFilters } from '../filters.ts';

/**
 * Says when the figures were taken, for an organisation large enough that its reports read
 * summaries rebuilt every few minutes; nothing for live figures. A date range or people filter
 * always reads live data, and the note says so.
 */
export function FreshnessNote({ filters }: { filters: ReportFilters }) {
  const freshness = useReportFreshness(
    filters.organisation === undefined ? {} : { organisation: filters.organisation },
  );
  const data = freshness.data;
  if (!data?.summarised || !data.as_of) return null;
  const at = new Date(data.as_of);
  return (
    <Typography variant="body2" color="text.secondary" role="note" sx={{ mb: 2 }}>
      Figures taken{' '}
      <time dateTime={data.as_of} title={at.toLocaleString()}>
        {formatRelativeTime(data.as_of)}
      </time>
      , refreshed every {data.refresh_minutes} minutes. Filtered and date-range figures are live.
    </Typography>
  );
}
