import { hasMarkup, PLAIN_TEXT_MESSAGE, SEARCH_MIN_LENGTH } from '@atrium/contract';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { useHasPage } from '../../../shared/navigation/page-availability.ts';
import { visuallyHiddenSx } from '../../../shared/ui/visually-hidden.tsx';
import {
  isSearchable,
  PALETTE_DEBOUNCE_MS,
  useSearchOverview,
  useTodoMatches,
} from '../api/search.api.ts';
import { type PaletteEntry, paletteGroups, searchPageHref } from './palette-entries.ts';
import { EntryContent, PaletteOption } from './palette-option.tsx';

/**
 * The command palette (Ctrl-K, "/", the top bar's box): type, move with the arrows, Enter opens.
 * A combobox over a grouped listbox (WAI-ARIA APG "combobox with listbox popup"): focus stays in
 * the input and aria-activedescendant follows the active option; the dialog traps focus and Esc
 * closes it.
 */
export function SearchPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
      slotProps={{
        paper: {
          // Top-aligned, so the list grows downwards without the box jumping as results arrive.
          sx: { alignSelf: { sm: 'flex-start' }, mt: { sm: '10vh' }, maxHeight: { sm: '75vh' } },
        },
      }}
    >
      {/* Unmounted when closed: the next opening starts empty. */}
      {open && <PaletteBody titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function PaletteBody({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const hasPage = useHasPage();
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, PALETTE_DEBOUNCE_MS).trim();
  const searchable = isSearchable(q);
  const overview = useSearchOverview(q);
  const todo = useTodoMatches(q);
  const groups = useMemo(
    () => (searchable ? paletteGroups(todo.data, overview.data) : []),
    [searchable, todo.data, overview.data],
  );

  // The options the arrows move through, in order: the results that have a page here, then
  // "See all results". Entries without a page in this app are shown but cannot be chosen.
  const seeAll = useMemo(
    () => (searchable ? { key: 'see-all', href: searchPageHref(q) } : null),
    [searchable, q],
  );
  const choosable = useMemo(() => {
    const list: { key: string; href: string }[] = [];
    for (const g of groups) for (const e of g.entries) if (hasPage(e.href)) list.push(e);
    if (seeAll) list.push(seeAll);
    return list;
  }, [groups, hasPage, seeAll]);
  const [active, setActive] = useState(0);
  const signature = choosable.map((c) => c.key).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set of results starts at its first option
  useEffect(() => setActive(0), [signature]);
  const optionId = (key: string) => `${baseId}-option-${key}`;
  const activeKey = choosable[active]?.key;

  useEffect(() => {
    if (activeKey)
      document.getElementById(optionId(activeKey))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (href: string) => {
    onClose();
    navigate(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const n = choosable.length;
    if (event.key === 'ArrowDown' && n > 0) {
      event.preventDefault();
      setActive((i) => (i + 1) % n);
    } else if (event.key === 'ArrowUp' && n > 0) {
      event.preventDefault();
      setActive((i) => (i - 1 + n) % n);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const target = choosable[active];
      // Enter before the debounce settles searches what is typed, not the previous words.
      if (text.trim() !== q && isSearchable(text)) choose(searchPageHref(text));
      else if (target) choose(target.href);
    }
  };

  const resultCount = groups.reduce((n, g) => n + g.entries.length, 0);
  const loading = searchable && (overview.isPending || todo.isPending);
  const fetching = overview.isFetching || todo.isFetching || text.trim() !== q;
  const status = paletteStatus(text, q, searchable, loading, overview.isError, resultCount);

  const renderEntry = (entry: PaletteEntry) => {
    const enabled = hasPage(entry.href);
    return (
      <PaletteOption
        key={entry.key}
        id={optionId(entry.key)}
        active={enabled && entry.key === activeKey}
        disabled={!enabled}
        onChoose={() => choose(entry.href)}
        onHover={() => setActive(choosable.findIndex((c) => c.key === entry.key))}
      >
        <EntryContent entry={entry} note={enabled ? undefined : 'Not available in this app yet'} />
      </PaletteOption>
    );
  };

  return (
    <>
      <Typography id={titleId} component="h2" sx={visuallyHiddenSx}>
        Search
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <SearchOutlined aria-hidden sx={{ color: 'text.secondary' }} />
        <InputBase
          autoFocus
          fullWidth
          placeholder="Search courses, people, discussions…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          inputProps={{
            role: 'combobox',
            'aria-label': 'Search',
            'aria-expanded': choosable.length > 0,
            'aria-controls': listboxId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': activeKey ? optionId(activeKey) : undefined,
            maxLength: 200,
            enterKeyHint: 'search',
          }}
          sx={{ fontSize: '1.1rem' }}
        />
        <Button size="small" onClick={onClose} sx={{ flexShrink: 0 }}>
          Close
        </Button>
      </Stack>
      <Box sx={{ height: 4 }}>{fetching && searchable && <LinearProgress aria-hidden />}</Box>
      <Box sx={{ overflowY: 'auto', flex: 1, borderTop: 1, borderColor: 'divider' }}>
        <Typography
          role="status"
          variant="body2"
          sx={{
            color: 'text.secondary',
            px: 2,
            pt: 1.5,
            pb: status.hidden ? 0 : 1.5,
            ...(status.hidden ? visuallyHiddenSx : {}),
          }}
        >
          {status.text}
        </Typography>
        {overview.isError && searchable && (
          <Stack direction="row" spacing={1} sx={{ px: 2, pb: 1.5, alignItems: 'center' }}>
            <Typography variant="body2" sx={{ color: 'error.main', flex: 1 }}>
              {errorMessage(overview.error, 'Search is not answering.')}
            </Typography>
            <Button size="small" onClick={() => overview.refetch()}>
              Retry
            </Button>
          </Stack>
        )}
        {loading && (
          <Stack sx={{ px: 2 }} data-testid="search-palette-skeleton">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Stack>
        )}
        <Box id={listboxId} role="listbox" aria-label="Search results">
          {groups.map((group) => (
            <Box key={group.kind} role="group" aria-labelledby={`${baseId}-group-${group.kind}`}>
              <Typography
                id={`${baseId}-group-${group.kind}`}
                variant="overline"
                component="div"
                sx={{ px: 2, pt: 1, color: 'text.secondary', lineHeight: 2 }}
              >
                {group.label}
              </Typography>
              {group.entries.map(renderEntry)}
            </Box>
          ))}
          {seeAll && (
            <PaletteOption
              id={optionId(seeAll.key)}
              active={activeKey === seeAll.key}
              onChoose={() => choose(seeAll.href)}
              onHover={() => setActive(choosable.length - 1)}
            >
              <ArrowForwardOutlined
                aria-hidden
                fontSize="small"
                // The organisation's link colour, darkened to AA by the theme (primary may not be).
                sx={{ color: 'brand.link', mt: 0.25 }}
              />
              <Typography sx={{ color: 'brand.link', fontWeight: 600, overflowWrap: 'anywhere' }}>
                See all results for “{q}”
              </Typography>
            </PaletteOption>
          )}
        </Box>
        {searchable && overview.data && overview.data.unavailable.length > 0 && (
          <Typography variant="caption" component="p" sx={{ color: 'warning.main', px: 2, py: 1 }}>
            Some kinds could not be searched just now; the results may be incomplete.
          </Typography>
        )}
        {searchable && todo.isError && (
          <Typography variant="caption" component="p" sx={{ color: 'warning.main', px: 2, py: 1 }}>
            Your to-do list could not be searched just now.
          </Typography>
        )}
      </Box>
      <Typography
        variant="caption"
        sx={{
          display: { xs: 'none', sm: 'block' },
          color: 'text.secondary',
          px: 2,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        ↑ ↓ to move · Enter to open · Esc to close
      </Typography>
    </>
  );
}

/** What the status line says (and a screen reader announces) for the current state. */
function paletteStatus(
  text: string,
  q: string,
  searchable: boolean,
  loading: boolean,
  failed: boolean,
  count: number,
): { text: string; hidden: boolean } {
  if (hasMarkup(text)) return { text: PLAIN_TEXT_MESSAGE, hidden: false };
  if (text.trim().length < SEARCH_MIN_LENGTH)
    return { text: `Type at least ${SEARCH_MIN_LENGTH} characters to search.`, hidden: false };
  if (!searchable || loading) return { text: 'Searching…', hidden: true };
  if (failed) return { text: '', hidden: true };
  if (count === 0)
    return {
      text: `No results for “${q}”. Check the spelling or try fewer words.`,
      hidden: false,
    };
  return { text: `${count} ${count === 1 ? 'result' : 'results'}`, hidden: true };
}
