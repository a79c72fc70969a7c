import type { TCpdSummary } from '@atrium/contract';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { lazy, Suspense } from 'react';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { categoryProgress, formatAmount } from '../../cpd-format.ts';

const CategoryChart = lazy(() => import('./category-chart.tsx'));

/**
 * Progress per category against its minimum: a chart for the eye, and the table with the same
 * numbers (and whether each minimum is met) for everyone.
 */
export function CategoriesCard({ summary }: { summary: TCpdSummary }) {
  const { unit, categories } = summary;
  const withMinimum = categories.some((c) => c.minimum > 0 || c.earned > 0);
  return (
    <SectionCard
      title="Per category"
      subtitle="Credit in each category this cycle, against the minimum it asks for."
    >
      {categories.length === 0 ? (
        <EmptyState icon={<CategoryOutlined fontSize="large" />}>
          No categories are set: all credit counts toward the target alone.
        </EmptyState>
      ) : (
        <Stack spacing={2}>
          {withMinimum && (
            <Suspense fallback={<Skeleton variant="rounded" height={categories.length * 52} />}>
              <CategoryChart categories={categories} unit={unit} />
            </Suspense>
          )}
          <TableContainer>
            <Table size="small" aria-label="Progress per category">
              <TableHead>
                <TableRow>
                  <TableCell>Category</TableCell>
                  <TableCell align="right">Earned</TableCell>
                  <TableCell align="right">Minimum</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {categories.map((c) => {
                  const p = categoryProgress(c);
                  return (
                    <TableRow key={c.id}>
                      <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                        {c.name}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatAmount(c.earned, unit)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {c.minimum > 0 ? formatAmount(c.minimum, unit) : 'None'}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {c.minimum === 0 ? (
                          '—'
                        ) : p.met ? (
                          <Chip size="small" color="success" label="Met" />
                        ) : (
                          <Chip
                            size="small"
                            variant="outlined"
                            label={`${p.percent ?? 0} %: ${formatAmount(p.missing, unit)} to go`}
                          />
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
                {summary.uncategorised > 0 && (
                  <TableRow>
                    <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                      Uncategorised
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatAmount(summary.uncategorised, unit)}
                    </TableCell>
                    <TableCell align="right">None</TableCell>
                    <TableCell>—</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </Stack>
      )}
    </SectionCard>
  );
}
