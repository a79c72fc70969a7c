import type { TSearchKinds, TSearchPage } from '@atrium/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { SEARCH_PAGE_SIZE, useSearchByKind } from '../api/search.api.ts';
import { hitEntry } from './palette-entries.ts';
import { ResultItem, ResultSkeleton } from './result-item.tsx';
import { kindLabelOf } from './search-overview.tsx';
import { countLabel, NoResults } from './search-states.tsx';

/** /search?kind=…: one kind's results, a page at a time (`page` from 1, as in the URL). */
export function KindResults({
  q,
  kind,
  page,
  kinds,
  onPage,
  onAllKinds,
}: {
  q: string;
  kind: string;
  page: number;
  kinds: TSearchKinds | undefined;
  onPage: (page: number) => void;
  onAllKinds: () => void;
}) {
  const results = useSearchByKind(kind, q, page);
  const headingId = useId();
  const label = kindLabelOf(kind, kinds);

  if (results.isPending) return <ResultSkeleton rows={8} />;
  if (results.isError)
    return (
      <LoadError
        error={results.error}
        fallback={`${label} could not be searched just now.`}
        onRetry={() => results.refetch()}
      />
    );
  const data = results.data;
  if (data.count === 0 && page === 1)
    return <NoResults q={q} kindLabel={label} onAllKinds={onAllKinds} />;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      aria-busy={results.isFetching}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem' }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {countLabel(data.count, data.count_capped)}
        </Typography>
      </Stack>
      {data.results.length === 0 ? (
        // A page past the end (an old link): the results are on earlier pages.
        <Stack spacing={1} sx={{ py: 2, alignItems: 'flex-start' }}>
          <Typography sx={{ color: 'text.secondary' }}>Nothing on this page.</Typography>
          <Button variant="outlined" size="small" onClick={() => onPage(1)}>
            First page
          </Button>
        </Stack>
      ) : (
        <>
          <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {data.results.map((hit) => (
              <ResultItem key={hit.id} entry={hitEntry(hit)} kindLabel={label} />
            ))}
          </Box>
          <Pages data={data} page={page} onPage={onPage} />
        </>
      )}
    </Paper>
  );
}

function Pages({
  data,
  page,
  onPage,
}: {
  data: TSearchPage;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <TablePagination
      component="div"
      {...pageCountProps(data)}
      page={page - 1}
      onPageChange={(_event, next) => onPage(next + 1)}
      rowsPerPage={SEARCH_PAGE_SIZE}
      rowsPerPageOptions={[]}
      sx={{ '& .MuiTablePagination-toolbar': { px: 0 } }}
    />
  );
}
