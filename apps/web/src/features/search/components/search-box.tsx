import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';

/** The palette loads on first use: the top bar is in every page's first load. */
const SearchPalette = lazy(() =>
  import('./search-palette.tsx').then((module) => ({ default: module.SearchPalette })),
);

/** Apple keyboards say ⌘ where the others say Ctrl (both work everywhere). */
const isApple = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform ?? '');

/** Where "/" is a character being typed, not the shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.getAttribute('role') === 'textbox'
  );
}

/**
 * Ctrl-K / ⌘-K anywhere, and "/" outside a text field, open the palette. Ctrl-K is taken from
 * the browser (its own search bar) only while the app has the focus, which is what people who
 * use the shortcut in other apps expect.
 */
export function useSearchShortcut(open: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const modK =
        (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash =
        event.key === '/' &&
        !event.ctrlKey &&
        !event.metaKey &&
        !event.altKey &&
        !isTypingTarget(event.target);
      if (modK || slash) {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

/**
 * The top bar's search: a box-shaped button (an icon on phones) that opens the palette, and the
 * keyboard shortcuts for it.
 */
export function SearchBox() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's exit and focus return.
  const [used, setUsed] = useState(false);
  const [shortcut] = useState(() => (isApple() ? '⌘K' : 'Ctrl K'));
  const openPalette = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  useSearchShortcut(openPalette);
  return (
    <>
      <Tooltip title={`Search (${shortcut})`}>
        <IconButton
          color="inherit"
          aria-label="Search"
          aria-haspopup="dialog"
          aria-keyshortcuts="Control+K Meta+K /"
          onClick={openPalette}
          sx={{ display: { sm: 'none' } }}
        >
          <SearchOutlined />
        </IconButton>
      </Tooltip>
      <ButtonBase
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={openPalette}
        sx={{
          display: { xs: 'none', sm: 'flex' },
          gap: 1,
          justifyContent: 'flex-start',
          width: { sm: 240, md: 320 },
          px: 1.5,
          py: 0.75,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          color: 'text.secondary',
          bgcolor: 'background.paper',
          '&:hover': { borderColor: 'text.primary' },
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <SearchOutlined fontSize="small" aria-hidden />
        <Typography variant="body2" sx={{ flex: 1, textAlign: 'left' }}>
          Search
        </Typography>
        <Box
          component="kbd"
          aria-hidden
          sx={{
            fontFamily: 'inherit',
            fontSize: '0.75rem',
            border: 1,
            borderColor: 'divider',
            borderRadius: 0.5,
            px: 0.75,
          }}
        >
          {shortcut}
        </Box>
      </ButtonBase>
      {used && (
        <Suspense fallback={null}>
          <SearchPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
