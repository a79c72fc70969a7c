import type { TBuilderRunResult } from '@atrium/contract';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { cellText } from './definition.ts';

const NUMERIC = new Set(['number', 'percent', 'duration']);

/** One page of a report as the server ran it for the caller, with its loading/empty/error states. */
export function PreviewTable({
  result,
  error,
  loading,
  onRetry,
  page,
  pageSize,
  onPage,
}: {
  result: TBuilderRunResult | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
  /** From 0, as TablePagination counts. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  if (error) {
    return <LoadError error={error} fallback="The report could not be run." onRetry={onRetry} />;
  }
  if (!result) {
    return loading ? <Skeleton variant="rounded" height={240} aria-hidden /> : null;
  }
  if (result.count === 0) {
    return (
      <EmptyState icon={<TableChartOutlined fontSize="large" />}>
        No rows match this report for what you may see. Try fewer filters or a wider period.
      </EmptyState>
    );
  }
  return (
    <>
      <TableContainer tabIndex={0} role="region" aria-label="Report preview, scrollable">
        <Table size="small" aria-label="Report preview">
          <TableHead>
            <TableRow>
              {result.columns.map((c) => (
                <TableCell key={c.key} align={NUMERIC.has(c.type) ? 'right' : 'left'}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {result.results.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row of a page is its place in the order
              <TableRow key={i}>
                {result.columns.map((c) => (
                  <TableCell
                    key={c.key}
                    align={NUMERIC.has(c.type) ? 'right' : 'left'}
                    sx={{ overflowWrap: 'anywhere', minWidth: 80 }}
                  >
                    {cellText(c.type, row[c.key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_e, next) => onPage(next)}
        {...pageCountProps({
          count: result.count,
          count_capped: result.count_capped,
          next: result.results.length === pageSize ? 'next' : null,
        })}
      />
    </>
  );
}
