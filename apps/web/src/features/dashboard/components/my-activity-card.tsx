import type { TActivity, TPage } from '@atrium/contract';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { timePerModule } from '../activity-summary.ts';

// The charting library is the heaviest part of the dashboard: it loads after the rest.
const ModuleTimeChart = lazy(() => import('./module-time-chart.tsx'));

const chartSkeleton = <Skeleton variant="rounded" height={220} />;

/** "Your recent activity": where your time went, per top-level module. */
export function MyActivityCard({ moduleTime }: { moduleTime: UseQueryResult<TPage<TActivity>> }) {
  const totals = moduleTime.data ? timePerModule(moduleTime.data.results) : [];
  return (
    <SectionCard
      title="Your recent activity"
      subtitle="Time spent per module in your recent visits."
      busy={moduleTime.isPending}
    >
      {moduleTime.isPending ? (
        chartSkeleton
      ) : moduleTime.isError ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Your activity could not be loaded.
        </Typography>
      ) : totals.length === 0 ? (
        <EmptyState icon={<InsightsOutlined />}>
          No time recorded yet. The time you spend in each module shows here once you have used it.
        </EmptyState>
      ) : (
        <Box sx={{ position: 'relative' }}>
          <Suspense fallback={chartSkeleton}>
            <ModuleTimeChart totals={totals} />
          </Suspense>
        </Box>
      )}
    </SectionCard>
  );
}
