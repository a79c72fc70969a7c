import type { TCpdSummary } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../../../shared/ui/section-card.tsx';
import { cycleLabel, formatAmount, progressPercent, remaining } from '../../cpd-format.ts';
import { Figure } from './figure.tsx';

/**
 * The current cycle against the target: the total (earned plus carried over) as a bar with its
 * numbers, then what makes it up and what waits for approval.
 */
export function ProgressCard({
  summary,
  cycle,
  target,
}: {
  summary: TCpdSummary;
  cycle: NonNullable<TCpdSummary['cycle']>;
  target: number;
}) {
  const { unit } = summary;
  const percent = progressPercent(summary.total, target) ?? 0;
  const missing = remaining(summary.total, target);
  const reached = missing === 0;
  return (
    <SectionCard title="This cycle" subtitle={cycleLabel(cycle)}>
      <Stack spacing={2}>
        <Box>
          <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid="cpd-total">
            {formatAmount(summary.total, unit)}{' '}
            <Typography component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
              of {formatAmount(target, unit)}
            </Typography>
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            color={reached ? 'success' : 'primary'}
            aria-label="Progress toward the target"
            aria-valuetext={`${percent} % of the target`}
            sx={{ height: 10, borderRadius: 5, mt: 1 }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.75 }}>
            {reached
              ? `Target reached (${percent} %).`
              : `${percent} % of the target: ${formatAmount(missing, unit)} to go.`}
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)' },
          }}
        >
          <Figure label="Earned this cycle" value={formatAmount(summary.earned, unit)} />
          <Figure label="Carried over" value={formatAmount(summary.carried_over, unit)} />
          <Figure label="Waiting for approval" value={formatAmount(summary.pending, unit)} />
        </Box>
        {summary.other_unit && (
          <Alert severity="info">
            Also {formatAmount(summary.other_unit.earned, summary.other_unit.unit)} credited in{' '}
            {summary.other_unit.unit}: shown, not counted, as {summary.other_unit.unit} do not
            convert to {unit}.
          </Alert>
        )}
      </Stack>
    </SectionCard>
  );
}
