import { hasMarkup } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { isSearchable, useSearchKinds } from '../api/search.api.ts';
import { KindResults } from '../components/kind-results.tsx';
import { SearchOverview } from '../components/search-overview.tsx';
import { SearchPrompt } from '../components/search-states.tsx';

/** `?page=` as a page number from 1; anything else is the first page. */
function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * `/search` (spec §2; issue 23): everything the caller may open that matches the words. The
 * words, the kind and the page live in the URL (`?q=&kind=&page=`), so a search can be shared,
 * bookmarked and gone back to. Without a kind: each kind's best results with "Show all N";
 * with one: that kind a page at a time.
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const kind = params.get('kind') ?? '';
  const page = pageParam(params.get('page'));
  const kinds = useSearchKinds();

  /** Another search: the words typed replace the entry (no history per key), a kind or page adds one. */
  const update = (changes: { q?: string; kind?: string; page?: number }, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace });
  };

  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title="Search"
        subtitle="Courses, learning paths, classes, events, discussions and more: only what you may open."
      />
      <Stack spacing={2}>
        <SearchField
          label="Search"
          value={q}
          onChange={(words) => update({ q: words }, true)}
          fullWidth
        />
        {kinds.data && kinds.data.length > 0 && (
          <Stack
            role="group"
            aria-label="Kind"
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', gap: 1 }}
          >
            {[{ kind: '', label: 'All' }, ...kinds.data].map((k) => (
              <Chip
                key={k.kind || 'all'}
                label={k.label}
                clickable
                aria-pressed={kind === k.kind}
                color={kind === k.kind ? 'primary' : 'default'}
                variant={kind === k.kind ? 'filled' : 'outlined'}
                onClick={() => update({ kind: k.kind })}
              />
            ))}
          </Stack>
        )}
        {!isSearchable(q) ? (
          <SearchPrompt markup={hasMarkup(q)} />
        ) : kind ? (
          <KindResults
            q={q}
            kind={kind}
            page={page}
            kinds={kinds.data}
            onPage={(next) => update({ page: next })}
            onAllKinds={() => update({ kind: '' })}
          />
        ) : (
          <SearchOverview q={q} kinds={kinds.data} onShowKind={(k) => update({ kind: k })} />
        )}
      </Stack>
    </PageContainer>
  );
}
