import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { dateStamp, saveBlob } from '../../../shared/api/download.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import {
  ADMIN_PAGE_SIZE,
  type AuditFilters,
  exportAudit,
  useAdminAudit,
} from '../api/admin.api.ts';

const EMPTY: AuditFilters = { organisation: '', actor: '', action: '', from: '', to: '' };
const ID = /^\d{0,10}$/;

/** The audit trail of every organisation: filters, pages and the CSV export of what they keep. */
export function AuditTab() {
  const [filters, setFilters] = useState<AuditFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useAdminAudit(page, filters);
  const set = (key: keyof AuditFilters) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    // Ids are numbers: anything else would only earn a 400.
    if ((key === 'organisation' || key === 'actor') && !ID.test(value)) return;
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const download = async () => {
    setExportError(null);
    setExporting(true);
    try {
      saveBlob(await exportAudit(filters), `audit-${dateStamp()}.csv`);
    } catch (e) {
      setExportError(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        <TextField
          label="Organisation id"
          size="small"
          value={filters.organisation}
          onChange={set('organisation')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="Actor id"
          size="small"
          value={filters.actor}
          onChange={set('actor')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="Action"
          size="small"
          value={filters.action}
          onChange={set('action')}
          helperText="Exact, or a prefix ending in a dot (user.)"
        />
        <TextField
          label="From"
          type="date"
          size="small"
          value={filters.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={filters.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          variant="outlined"
          onClick={download}
          disabled={exporting}
          sx={{ alignSelf: 'flex-start' }}
        >
          Export CSV
        </Button>
      </Stack>
      {exportError && <Alert severity="error">{exportError}</Alert>}
      {list.isPending ? (
        <LinearProgress aria-label="Loading the audit trail" />
      ) : list.isError ? (
        <LoadError
          error={list.error}
          fallback="The audit trail could not be loaded."
          onRetry={() => list.refetch()}
        />
      ) : list.data.results.length === 0 ? (
        <EmptyState icon={<HistoryOutlined />}>No audit events match these filters.</EmptyState>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {list.data.count_capped ? `More than ${list.data.count}` : list.data.count}{' '}
            {list.data.count === 1 ? 'event' : 'events'}
          </Typography>
          <TableContainer tabIndex={0} role="region" aria-label="Audit trail, scrollable">
            <Table size="small" aria-label="Audit trail">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Action</TableCell>
                  <TableCell>Organisation</TableCell>
                  <TableCell>Actor</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Target</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Details</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.results.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>{new Date(e.created_at).toLocaleString()}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.action}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {e.organisation ? e.organisation.title : '—'}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {e.actor ? e.actor.username : '—'}
                    </TableCell>
                    <TableCell
                      sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' }}
                    >
                      {e.target_user ? e.target_user.username : '—'}
                    </TableCell>
                    <TableCell
                      sx={{
                        display: { xs: 'none', md: 'table-cell' },
                        overflowWrap: 'anywhere',
                        maxWidth: 320,
                        fontFamily: 'monospace',
                        fontSize: '0.75rem',
                      }}
                    >
                      {e.details ? JSON.stringify(e.details) : ''}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {list.data.count > ADMIN_PAGE_SIZE && (
            <Pagination
              page={page}
              count={Math.ceil(list.data.count / ADMIN_PAGE_SIZE)}
              onChange={(_e, value) => setPage(value)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
