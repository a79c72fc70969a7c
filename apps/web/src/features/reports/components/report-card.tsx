import type { TReportSourceInput } from '@atrium/contract';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { visuallyHiddenSx } from '../../../shared/ui/visually-hidden.tsx';
import { type Dataset, isBlank } from '../datasets.ts';
import type { ChartKind } from './dataset-chart.tsx';
import { DatasetTable } from './dataset-table.tsx';
import { ExportMenu } from './export-menu.tsx';

const DatasetChart = lazy(() => import('./dataset-chart.tsx'));

type View = 'chart' | 'table';

/**
 * One report widget: a card that shows a skeleton while its report loads, the server's message
 * (with a retry) when it fails, an empty state when there is nothing to count, and otherwise the
 * figures, either as a chart or as a table (the toggle; the chart view keeps the table for
 * screen readers, so both views say the same to everyone).
 */
export function ReportCard<T>({
  title,
  subtitle,
  query,
  emptyText,
  skeletonHeight = 240,
  source,
  ...content
}: {
  title: string;
  /** What the card's Export menu exports (its widget and filters); no menu without it. */
  source?: TReportSourceInput;
  subtitle?: string;
  query: UseQueryResult<T>;
  emptyText: string;
  skeletonHeight?: number;
} & (
  | {
      dataset: (data: T) => Dataset;
      kind: ChartKind;
      scale?: (value: number) => number;
      children?: undefined;
    }
  | { children: (data: T) => ReactNode; isEmpty: (data: T) => boolean; dataset?: undefined }
)) {
  const [view, setView] = useState<View>('chart');
  const { data } = query;
  const dataset = data !== undefined && content.dataset ? content.dataset(data) : null;
  const empty =
    data !== undefined &&
    (dataset ? isBlank(dataset) : !!content.children && content.isEmpty(data));

  const toggle = dataset && !empty && (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={view}
      aria-label={`Show ${title} as`}
      onChange={(_e, next: View | null) => next && setView(next)}
    >
      <ToggleButton value="chart" aria-label="Chart">
        <BarChartOutlined fontSize="small" />
      </ToggleButton>
      <ToggleButton value="table" aria-label="Table">
        <TableChartOutlined fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );

  let body: ReactNode;
  if (query.isError) {
    body = (
      <LoadError
        error={query.error}
        fallback={`${title} could not be loaded.`}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (data === undefined) {
    body = <Skeleton variant="rounded" height={skeletonHeight} aria-hidden />;
  } else if (empty) {
    body = <EmptyState icon={<InsightsOutlined fontSize="large" />}>{emptyText}</EmptyState>;
  } else if (dataset && content.dataset) {
    body =
      view === 'table' ? (
        <DatasetTable dataset={dataset} />
      ) : (
        <>
          <Suspense fallback={<Skeleton variant="rounded" height={skeletonHeight} aria-hidden />}>
            <DatasetChart dataset={dataset} kind={content.kind} scale={content.scale} />
          </Suspense>
          <Box sx={visuallyHiddenSx}>
            <DatasetTable dataset={dataset} hidden />
          </Box>
        </>
      );
  } else {
    body = content.children?.(data);
  }

  return (
    <SectionCard
      title={title}
      subtitle={subtitle}
      action={
        source ? (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}
          >
            {toggle}
            <ExportMenu source={source} disabled={data === undefined || empty || query.isError} />
          </Stack>
        ) : (
          toggle
        )
      }
      busy={query.isFetching}
    >
      {/* Figures for the old filters stay while new ones load: dim them meanwhile. */}
      <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {body}
      </Box>
    </SectionCard>
  );
}
