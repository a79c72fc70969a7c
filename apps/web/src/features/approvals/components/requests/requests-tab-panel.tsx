import type { TApprovalRequest } from '@atrium/contract';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { notifyError } from '../../../../shared/notify/notify.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import {
  APPROVAL_MESSAGES,
  type ApprovalScope,
  useApprovalSummary,
  useDecide,
} from '../../api/requests.api.ts';
import {
  type BulkOutcome,
  hasFilters,
  type RequestFilters,
  summaryQuery,
  TAB_LABELS,
} from '../../approval-query.ts';
import { BulkDecisionBar, BulkOutcomeAlert } from './bulk-decisions.tsx';
import { RequestsFilters } from './requests-filters.tsx';
import { RequestsTable, selectableRow } from './requests-table.tsx';

export const PAGE_SIZES = [10, 25, 50] as const;

const EMPTY: Record<ApprovalScope, string> = {
  to_approve: 'Nothing waits for your decision.',
  mine: 'You have made no requests. They appear here when something you ask for needs approval, such as joining a course.',
  all: 'Your organisation has no requests yet.',
};

/**
 * One list tab of /requests: its filters (kept in the URL by the page), the paged list, and on
 * To approve the row selection with the bulk decisions. Selection and page reset whenever the
 * filters change: what was picked may no longer be shown.
 */
export function RequestsTabPanel({
  scope,
  filters,
  onFiltersChange,
  onClearFilters,
  onOpen,
}: {
  scope: ApprovalScope;
  filters: RequestFilters;
  onFiltersChange: (change: Partial<RequestFilters>) => void;
  onClearFilters: () => void;
  onOpen: (row: TApprovalRequest) => void;
}) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [outcome, setOutcome] = useState<(BulkOutcome & { status: 1 | 2 }) | null>(null);
  const [modules, setModules] = useState<Map<string, string>>(new Map());
  const list = useApprovalSummary(scope, summaryQuery(filters, page, pageSize));
  const quickApprove = useDecide();
  const rows = list.data?.results ?? [];
  const filterKey = JSON.stringify(filters);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the filters change
  useEffect(() => {
    setPage(0);
    setSelected(new Set());
  }, [filterKey]);

  // The module filter offers every kind seen in this list so far.
  useEffect(() => {
    const seen = list.data?.results ?? [];
    setModules((prev) => {
      const fresh = seen.filter((r) => prev.get(r.module) !== r.module_label);
      if (fresh.length === 0) return prev;
      const next = new Map(prev);
      for (const r of fresh) next.set(r.module, r.module_label);
      return next;
    });
  }, [list.data]);

  // Deciding the last rows of the last page leaves it empty: step back to the new last page.
  const count = list.data?.count;
  useEffect(() => {
    if (count !== undefined && page > 0 && page * pageSize >= count) {
      setPage(Math.max(0, Math.ceil(count / pageSize) - 1));
    }
  }, [count, page, pageSize]);

  const selectable = scope === 'to_approve';
  // Only rows on this page that are still decidable count; a refetch may have closed some.
  const selectedRows = rows.filter((r) => selected.has(r.id) && selectableRow(r));

  return (
    <Stack>
      <RequestsFilters
        scope={scope}
        filters={filters}
        modules={modules}
        onChange={onFiltersChange}
        onClear={onClearFilters}
      />
      {outcome && <BulkOutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
      {selectable && selectedRows.length > 0 && (
        <BulkDecisionBar
          rows={selectedRows}
          onClear={() => setSelected(new Set())}
          onOutcome={setOutcome}
        />
      )}
      <Card component="section" aria-label={TAB_LABELS[scope]} aria-busy={list.isPending}>
        <LinearProgress
          aria-label="Loading requests"
          sx={{ visibility: list.isFetching && list.data ? 'visible' : 'hidden' }}
        />
        {list.isPending ? (
          <Stack spacing={1} sx={{ p: 2 }}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} variant="rounded" height={48} />
            ))}
          </Stack>
        ) : list.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(list.error, APPROVAL_MESSAGES.listFailed)}
          </Alert>
        ) : rows.length === 0 ? (
          <EmptyState icon={<InboxOutlined fontSize="large" />}>
            {hasFilters(filters, scope) ? 'No request matches these filters.' : EMPTY[scope]}
          </EmptyState>
        ) : (
          <Stack sx={{ p: { xs: 1, md: 0 } }}>
            <RequestsTable
              rows={rows}
              scope={scope}
              selectable={selectable}
              selected={selected}
              onSelectedChange={setSelected}
              onOpen={onOpen}
              onApprove={(row) =>
                quickApprove.mutate(
                  { id: row.id, status: 1 },
                  {
                    onError: (error) =>
                      notifyError(errorMessage(error, APPROVAL_MESSAGES.decideFailed)),
                  },
                )
              }
              busyId={quickApprove.isPending ? quickApprove.variables?.id : null}
            />
          </Stack>
        )}
        <TablePagination
          component="div"
          count={list.data?.count ?? 0}
          page={list.data ? page : 0}
          onPageChange={(_event, next) => {
            setPage(next);
            setSelected(new Set());
          }}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
            setSelected(new Set());
          }}
          labelRowsPerPage="Per page"
        />
      </Card>
    </Stack>
  );
}
