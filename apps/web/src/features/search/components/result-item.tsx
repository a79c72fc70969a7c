import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useHasPage } from '../../../shared/navigation/page-availability.ts';
import { Highlighted } from './highlight.tsx';
import { searchKindIcon } from './kind-icon.tsx';
import type { PaletteEntry } from './palette-entries.ts';

/**
 * A result on /search: the kind's icon, the marked title as a link to the item (plain text when
 * this app has no such page yet), its line and the passage around the matched words.
 */
export function ResultItem({ entry, kindLabel }: { entry: PaletteEntry; kindLabel: string }) {
  const hasPage = useHasPage();
  const title = <Highlighted fragments={entry.title} />;
  return (
    <Stack component="li" direction="row" spacing={1.25} sx={{ alignItems: 'flex-start', py: 1 }}>
      <Box
        role="img"
        aria-label={kindLabel}
        title={kindLabel}
        sx={{ color: 'text.secondary', display: 'flex', pt: 0.25 }}
      >
        {searchKindIcon(entry.kind)}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {hasPage(entry.href) ? (
          <Link
            component={RouterLink}
            to={entry.href}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {title}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
        )}
        {entry.subtitle && (
          <Typography
            variant="caption"
            component="div"
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {entry.subtitle}
          </Typography>
        )}
        {entry.snippet.length > 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            <Highlighted fragments={entry.snippet} />
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/** Rows' placeholders while results load. */
export function ResultSkeleton({ rows }: { rows: number }) {
  return (
    <Stack spacing={0.5} data-testid="search-skeleton" aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={i} height={52} />
      ))}
    </Stack>
  );
}
