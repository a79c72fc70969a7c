import {
  CPD_ENTRY_STATUSES,
  type TCpdEntry,
  type TCpdEntryStatus,
  type TCpdSummary,
} from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import {
  useCpdEntries,
  useDownloadEvidence,
  useExportLedger,
  useWithdrawEntry,
} from '../../api/cpd.api.ts';
import { cycleLabel, cycleParam } from '../../cpd-format.ts';
import { CPD_MESSAGES, ENTRY_STATUS } from '../../labels.ts';
import { LedgerExportButtons } from './export-buttons.tsx';
import { LedgerTable } from './ledger-table.tsx';

const PAGE_SIZES = [10, 20, 50];

/**
 * The ledger: filtered by cycle (those of the summary) and status, paged, exported for auditors.
 * The owner adds external CPD and withdraws it while it waits; a read-only view does neither.
 */
export function LedgerSection({
  userId,
  summary,
  readOnly,
  onAdd,
}: {
  /** Whose ledger; the caller's own when absent. */
  userId?: number;
  summary: TCpdSummary | undefined;
  readOnly: boolean;
  onAdd?: () => void;
}) {
  const [cycle, setCycle] = useState('');
  const [status, setStatus] = useState<'' | TCpdEntryStatus>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] as number);
  const [withdrawing, setWithdrawing] = useState<TCpdEntry | null>(null);
  const entries = useCpdEntries({
    user: userId,
    cycle: cycle || undefined,
    status: status || undefined,
    page: page + 1,
    page_size: pageSize,
  });
  const withdraw = useWithdrawEntry();
  const evidence = useDownloadEvidence();
  const exporter = useExportLedger(userId);
  // Newest first in the filter; only a scheme has cycles (a cycle filter without one is a 400).
  const cycles = summary?.scheme ? [...summary.history].reverse() : [];
  const chosen = cycles.find((c) => cycleParam(c) === cycle);
  // Named explicitly, so the file's name says which cycle it holds.
  const currentCycle = summary?.cycle ? cycleParam(summary.cycle) : undefined;
  const filtered = cycle !== '' || status !== '';
  const data = entries.data;

  return (
    <SectionCard title="Ledger" subtitle="Every credit, newest completion first." busy={!data}>
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
        >
          {cycles.length > 0 && (
            <TextField
              select
              size="small"
              label="Cycle"
              value={cycle}
              onChange={(event) => {
                setCycle(event.target.value);
                setPage(0);
              }}
              sx={{ minWidth: 240 }}
            >
              <MenuItem value="">All cycles</MenuItem>
              {cycles.map((c, index) => (
                <MenuItem key={c.start} value={cycleParam(c)}>
                  {cycleLabel(c)}
                  {index === 0 ? ' (current)' : ''}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as '' | TCpdEntryStatus);
              setPage(0);
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">Any status</MenuItem>
            {CPD_ENTRY_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {ENTRY_STATUS[s].label}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }} />
          <LedgerExportButtons
            // Without a cycle the server exports the current one; without a scheme, everything.
            what={
              chosen
                ? `the ledger of ${cycleLabel(chosen)}`
                : summary?.scheme
                  ? 'the ledger of the current cycle'
                  : 'the whole ledger'
            }
            scope={chosen ? 'this cycle' : summary?.scheme ? 'current cycle' : 'all entries'}
            busy={exporter.isPending ? (exporter.variables?.format ?? null) : null}
            onExport={(format) =>
              exporter.mutate({ format, cycle: cycle || currentCycle || undefined })
            }
          />
          {!readOnly && onAdd && (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={onAdd}>
              Add external CPD
            </Button>
          )}
        </Stack>

        {entries.isError ? (
          <Alert severity="error">{errorMessage(entries.error, CPD_MESSAGES.entriesFailed)}</Alert>
        ) : !data ? (
          <Stack spacing={1} aria-busy>
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={40} />
          </Stack>
        ) : data.results.length === 0 ? (
          <EmptyState icon={<ReceiptLongOutlined fontSize="large" />}>
            {filtered
              ? 'No entries match these filters.'
              : 'No CPD yet. Events attended, CPD courses completed and approved external CPD show here.'}
          </EmptyState>
        ) : (
          <Box>
            <LedgerTable
              entries={data.results}
              readOnly={readOnly}
              downloading={evidence.isPending ? (evidence.variables?.id ?? null) : null}
              onDownload={(entry) => evidence.mutate(entry)}
              onWithdraw={(entry) => {
                withdraw.reset();
                setWithdrawing(entry);
              }}
            />
            <TablePagination
              component="div"
              page={page}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_event, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              {...pageCountProps(data)}
            />
          </Box>
        )}
      </Stack>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw this entry?"
        confirmLabel="Withdraw"
        destructive
        busy={withdraw.isPending}
        onClose={() => setWithdrawing(null)}
        onConfirm={() =>
          withdrawing &&
          withdraw.mutate(withdrawing.id, {
            onSuccess: () => {
              setWithdrawing(null);
              // The last entry of a later page gone: show the page before instead of an empty one.
              if (page > 0 && data?.results.length === 1) setPage(page - 1);
            },
          })
        }
      >
        {withdraw.isError ? (
          <Box component="span" role="alert" sx={{ color: 'error.main' }}>
            {errorMessage(withdraw.error, CPD_MESSAGES.deleteFailed)}
          </Box>
        ) : (
          `“${withdrawing?.title ?? ''}” leaves your ledger with its evidence, and its approval request is closed.`
        )}
      </ConfirmDialog>
    </SectionCard>
  );
}
