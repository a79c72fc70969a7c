import type { TCpdSummary } from '@atrium/contract';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { SectionCard } from '../../../../shared/ui/section-card.tsx';
import { VisuallyHiddenTable } from '../../../../shared/ui/visually-hidden.tsx';
import { cycleLabel, formatAmount } from '../../cpd-format.ts';

const HistoryChart = lazy(() => import('./history-chart.tsx'));

/** The last cycles, oldest first: a small chart, and a table read by screen readers instead. */
export function HistoryCard({ summary }: { summary: TCpdSummary }) {
  const { unit, history, target } = summary;
  return (
    <SectionCard
      title="Last cycles"
      subtitle={target === null ? undefined : `Target: ${formatAmount(target, unit)} per cycle.`}
    >
      <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
        <HistoryChart history={history} unit={unit} target={target} />
      </Suspense>
      <VisuallyHiddenTable>
        <caption>
          Credit per cycle
          {target === null ? '' : `, against a target of ${formatAmount(target, unit)}`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Cycle</th>
            <th scope="col">Earned</th>
            <th scope="col">Carried over</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {history.map((c, index) => (
            <tr key={c.start}>
              <th scope="row">
                {cycleLabel(c)}
                {index === history.length - 1 ? ' (current)' : ''}
              </th>
              <td>{formatAmount(c.earned, unit)}</td>
              <td>{formatAmount(c.carried_over, unit)}</td>
              <td>{formatAmount(c.total, unit)}</td>
            </tr>
          ))}
        </tbody>
      </VisuallyHiddenTable>
    </SectionCard>
  );
}
