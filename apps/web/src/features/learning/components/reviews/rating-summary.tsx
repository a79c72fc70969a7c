import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { averageLabel, starBars } from './review-stats.ts';
import { StarRatingDisplay } from './star-rating.tsx';

/** The average and one bar per star value (5 to 1), as a list a screen reader can read. */
export function RatingSummary({
  average,
  count,
  distribution,
}: {
  average: number | null;
  count: number;
  distribution: readonly number[];
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 4 }}>
      <Stack sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, minWidth: 140 }}>
        <Typography variant="h2" component="p" sx={{ fontSize: '2.75rem', fontWeight: 700 }}>
          {average === null ? '—' : average.toFixed(1)}
        </Typography>
        <StarRatingDisplay value={average ?? 0} />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {averageLabel(average)} · {count} review{count === 1 ? '' : 's'}
        </Typography>
      </Stack>
      <Stack
        component="ul"
        aria-label="Reviews per star rating"
        spacing={1}
        sx={{ flex: 1, listStyle: 'none', m: 0, p: 0, justifyContent: 'center' }}
      >
        {starBars(distribution).map((bar) => (
          <Stack
            component="li"
            key={bar.stars}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center' }}
          >
            <Typography variant="body2" sx={{ width: 52, flexShrink: 0 }}>
              {bar.stars} star{bar.stars === 1 ? '' : 's'}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={bar.percent}
              aria-label={`${bar.stars} stars: ${bar.count} reviews, ${bar.percent}%`}
              sx={{ flex: 1, height: 10, borderRadius: 5 }}
              color="warning"
            />
            <Typography
              variant="body2"
              sx={{
                width: 84,
                flexShrink: 0,
                textAlign: 'right',
                whiteSpace: 'nowrap',
                color: 'text.secondary',
              }}
            >
              {bar.count} ({bar.percent}%)
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
