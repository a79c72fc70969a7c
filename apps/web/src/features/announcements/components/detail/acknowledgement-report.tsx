import { ACKNOWLEDGEMENT_FILTERS, type TAnnouncement } from '@atrium/contract';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { SearchField } from '../../../../shared/ui/search-field.tsx';
import { useAcknowledgements, useExportAcknowledgements } from '../../api/announcements.api.ts';
import { ANNOUNCEMENT_MESSAGES } from '../../labels.ts';
import { AcknowledgementTable } from './acknowledgement-table.tsx';

type Filter = (typeof ACKNOWLEDGEMENT_FILTERS)[number];
const FILTER_LABEL: Record<Filter, string> = {
  all: 'Everyone',
  acknowledged: 'Acknowledged',
  pending: 'Not yet acknowledged',
};
const PAGE_SIZE = 20;

/** Every member of the audience with when they read (and acknowledged) it; CSV to take away. */
export function AcknowledgementReport({ announcement: a }: { announcement: TAnnouncement }) {
  const [status, setStatus] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const list = useAcknowledgements(a.id, {
    status,
    search: search || undefined,
    page: page + 1,
    page_size: PAGE_SIZE,
  });
  const exportCsv = useExportAcknowledgements(a.id);
  const filtered = status !== 'all' || search !== '';
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="acknowledgement-report-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Typography
          id="acknowledgement-report-title"
          component="h3"
          variant="subtitle1"
          sx={{ flex: 1 }}
        >
          {a.must_acknowledge ? 'Acknowledgements' : 'Readers'}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadOutlined />}
          loading={exportCsv.isPending}
          loadingPosition="start"
          onClick={() => exportCsv.mutate()}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Export CSV
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <SearchField
          label="Search by name or e-mail"
          value={search}
          onChange={(s) => {
            setSearch(s);
            setPage(0);
          }}
        />
        {a.must_acknowledge && (
          <TextField
            select
            size="small"
            label="Show"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Filter);
              setPage(0);
            }}
            sx={{ minWidth: 200 }}
          >
            {ACKNOWLEDGEMENT_FILTERS.map((f) => (
              <MenuItem key={f} value={f}>
                {FILTER_LABEL[f]}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {list.isError && !list.data ? (
        <Alert severity="error">
          {errorMessage(list.error, ANNOUNCEMENT_MESSAGES.reportFailed)}
        </Alert>
      ) : (
        <>
          <LinearProgress
            aria-label="Loading the report"
            sx={{ visibility: list.isFetching && list.data ? 'visible' : 'hidden', mb: -1 }}
          />
          <AcknowledgementTable
            page={list.data}
            loading={!list.data}
            pageIndex={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            acknowledging={a.must_acknowledge}
            empty={
              filtered
                ? 'Nobody matches. Try other words or show everyone.'
                : 'Nobody is in its audience now.'
            }
          />
        </>
      )}
    </Stack>
  );
}
