import { SEARCH_KIND_LABELS, type TSearchKinds } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { useSearchOverview, useTodoMatches } from '../api/search.api.ts';
import { TODO_GROUP } from './kind-icon.tsx';
import { type PaletteEntry, paletteGroups } from './palette-entries.ts';
import { ResultItem, ResultSkeleton } from './result-item.tsx';
import { countLabel, NoResults } from './search-states.tsx';

/** A kind's label: the server's, else the contract's, else the kind itself (a newer server). */
export function kindLabelOf(kind: string, kinds: TSearchKinds | undefined): string {
  return (
    kinds?.find((k) => k.kind === kind)?.label ??
    SEARCH_KIND_LABELS[kind as keyof typeof SEARCH_KIND_LABELS] ??
    kind
  );
}

/** /search without a kind: the caller's matching to-do items, then every kind's best results. */
export function SearchOverview({
  q,
  kinds,
  onShowKind,
}: {
  q: string;
  kinds: TSearchKinds | undefined;
  onShowKind: (kind: string) => void;
}) {
  const overview = useSearchOverview(q);
  const todo = useTodoMatches(q);

  if (overview.isPending) return <ResultSkeleton rows={5} />;
  if (overview.isError)
    return (
      <LoadError
        error={overview.error}
        fallback="Search is not answering just now."
        onRetry={() => overview.refetch()}
      />
    );

  const groups = paletteGroups(todo.data, overview.data);
  const counts = new Map(
    overview.data.groups.map((g) => [g.kind, { count: g.count, capped: g.count_capped }]),
  );
  const unavailable = overview.data.unavailable.map((k) => kindLabelOf(k, kinds));

  return (
    <Stack spacing={2} aria-busy={overview.isFetching}>
      {unavailable.length > 0 && (
        <Alert severity="warning">
          {unavailable.join(', ')} could not be searched just now; the results may be incomplete.
        </Alert>
      )}
      {todo.isError && (
        <Alert severity="warning">Your to-do list could not be searched just now.</Alert>
      )}
      {groups.length === 0 ? (
        <NoResults q={overview.data.query || q} />
      ) : (
        groups.map((group) => {
          const isTodo = group.kind === TODO_GROUP;
          const total = isTodo
            ? { count: todo.data?.count ?? group.entries.length, capped: false }
            : (counts.get(group.kind) ?? { count: group.entries.length, capped: false });
          return (
            <ResultGroup
              key={group.kind}
              label={group.label}
              summary={countLabel(total.count, total.capped)}
              entries={group.entries}
              kindLabel={(kind) => (isTodo ? 'To do' : kindLabelOf(kind, kinds))}
              showAll={
                !isTodo && (total.capped || total.count > group.entries.length)
                  ? {
                      label: `Show all ${total.capped ? `${total.count.toLocaleString()}+` : total.count.toLocaleString()}`,
                      onClick: () => onShowKind(group.kind),
                    }
                  : undefined
              }
            />
          );
        })
      )}
    </Stack>
  );
}

/** One kind's best results under its heading, with "Show all N" when there are more. */
function ResultGroup({
  label,
  summary,
  entries,
  kindLabel,
  showAll,
}: {
  label: string;
  summary: string;
  entries: PaletteEntry[];
  kindLabel: (kind: string) => string;
  showAll?: { label: string; onClick: () => void };
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem' }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
          {summary}
        </Typography>
        {showAll && (
          <Button size="small" onClick={showAll.onClick}>
            {showAll.label}
          </Button>
        )}
      </Stack>
      <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {entries.map((entry) => (
          <ResultItem key={entry.key} entry={entry} kindLabel={kindLabel(entry.kind)} />
        ))}
      </Box>
    </Paper>
  );
}
