import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useAssessmentOptions, useGradingQueue } from '../api/grading.api.ts';
import { GradingList, type QueueItem, sameItem } from '../grading/grading-list.tsx';
import { GradingPanel, type GradingTarget } from '../grading/grading-panel.tsx';

const PAGE_SIZE = 10;
type Status = 'pending' | 'graded';

/** /assessment/review: essays and uploads waiting for the caller's grade, and those graded. */
export default function GradingQueuePage() {
  const [status, setStatus] = useState<Status>('pending');
  const [assessment, setAssessment] = useState<{ id: number; title: string } | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<GradingTarget | null>(null);
  const options = useAssessmentOptions(useDebouncedValue(search.trim(), 300));
  const queue = useGradingQueue({
    status,
    page,
    page_size: PAGE_SIZE,
    ...(assessment && { assessment: assessment.id }),
  });
  const rows = queue.data?.results ?? [];

  /** Save → next: the answer after the graded one (it leaves the pending list on refresh). */
  const next = () => {
    if (status !== 'pending' || !selected) return;
    const index = rows.findIndex((r) => sameItem(selected, r));
    const after: QueueItem | undefined =
      rows[index + 1] ?? rows.find((r) => !sameItem(selected, r));
    setSelected(after ? { attempt: after.attempt, item: after.item } : null);
  };

  return (
    <PageContainer>
      <PageHeader title="Grading" subtitle="Essays and uploaded files waiting for a reviewer." />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' } }}
      >
        <Tabs
          value={status}
          onChange={(_, value: Status) => {
            setStatus(value);
            setPage(1);
            setSelected(null);
          }}
          aria-label="Which answers"
          sx={{ flex: 1 }}
        >
          <Tab value="pending" label="To grade" />
          <Tab value="graded" label="Graded" />
        </Tabs>
        <Autocomplete
          options={options.data?.results.map((a) => ({ id: a.id, title: a.title })) ?? []}
          value={assessment}
          onChange={(_, value) => {
            setAssessment(value);
            setPage(1);
            setSelected(null);
          }}
          onInputChange={(_, value) => setSearch(value)}
          getOptionLabel={(o) => o.title}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(x) => x}
          loading={options.isFetching}
          sx={{ width: { xs: '100%', sm: 320 } }}
          renderInput={(params) => <TextField {...params} label="Assessment" size="small" />}
        />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(280px, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
        }}
      >
        <GradingList
          data={queue.data}
          loading={queue.isFetching}
          status={status}
          selected={selected}
          onSelect={(row) => setSelected({ attempt: row.attempt, item: row.item })}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
        />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {selected ? (
            <GradingPanel target={selected} onGraded={next} />
          ) : (
            <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 4 }}>
              Choose an answer to grade it.
            </Typography>
          )}
        </Paper>
      </Box>
    </PageContainer>
  );
}
