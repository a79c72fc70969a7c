import { PLAIN_TEXT_MESSAGE, SEARCH_MIN_LENGTH } from '@atrium/contract';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** "12 results", "1 result", "more than 10,000 results" (past the server's count cap). */
export function countLabel(count: number, capped = false): string {
  if (capped) return `more than ${count.toLocaleString()} results`;
  return `${count.toLocaleString()} ${count === 1 ? 'result' : 'results'}`;
}

/** Before a search: what to type (or why what is typed cannot be searched). */
export function SearchPrompt({ markup }: { markup: boolean }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}>
      <SearchOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
      <Typography sx={{ color: markup ? 'error.main' : 'text.secondary' }} role="status">
        {markup
          ? PLAIN_TEXT_MESSAGE
          : `Type at least ${SEARCH_MIN_LENGTH} characters to search courses, classes, events, discussions and more.`}
      </Typography>
    </Stack>
  );
}

/** Nothing found: say so with the words searched, and what to try next. */
export function NoResults({
  q,
  kindLabel,
  onAllKinds,
}: {
  q: string;
  kindLabel?: string;
  onAllKinds?: () => void;
}) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}>
      <SearchOffOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h2" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
        No results for “{q}”{kindLabel ? ` in ${kindLabel.toLowerCase()}` : ''}
      </Typography>
      <Box
        component="ul"
        sx={{ color: 'text.secondary', textAlign: 'left', m: 0, pl: 2.5, typography: 'body2' }}
      >
        <li>Check the spelling, or try another word for the same thing.</li>
        <li>Use fewer or more general words.</li>
        <li>Only what you may open is found: ask your administrator if something is missing.</li>
      </Box>
      {onAllKinds && (
        <Button variant="outlined" onClick={onAllKinds}>
          Search everything
        </Button>
      )}
    </Stack>
  );
}
