import type { TCpdSummary } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { formatAmount } from '../../cpd-format.ts';
import { CPD_MESSAGES, cpdUrl } from '../../labels.ts';
import { CategoriesCard } from './categories-card.tsx';
import { HistoryCard } from './history-card.tsx';
import { ProgressCard } from './progress-card.tsx';

/**
 * A learner's progress in the current cycle: total against the target, per category, the last
 * cycles. Without a scheme there is no cycle or target: the notice says so (and offers admins
 * the way to set one), and what was credited is still counted.
 */
export function CpdSummaryView({
  summary,
  error,
  admin,
}: {
  summary: TCpdSummary | undefined;
  error: unknown;
  admin: boolean;
}) {
  if (error) {
    return <Alert severity="error">{errorMessage(error, CPD_MESSAGES.summaryFailed)}</Alert>;
  }
  if (!summary) {
    return (
      <Box
        aria-busy
        sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        <Skeleton variant="rounded" height={220} />
        <Skeleton variant="rounded" height={220} />
      </Box>
    );
  }
  const { cycle, target } = summary;
  if (!summary.scheme || !cycle || target === null) {
    return (
      <Alert
        severity="info"
        action={
          admin && (
            <Button color="inherit" size="small" component={RouterLink} to={cpdUrl('scheme')}>
              Set up the scheme
            </Button>
          )
        }
      >
        The organisation has no CPD scheme yet, so there are no cycles or targets. Credit is still
        recorded: {formatAmount(summary.earned, summary.unit)} so far.
      </Alert>
    );
  }
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <ProgressCard summary={summary} cycle={cycle} target={target} />
        <HistoryCard summary={summary} />
      </Box>
      <CategoriesCard summary={summary} />
    </Stack>
  );
}
