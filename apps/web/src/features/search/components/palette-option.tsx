import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Highlighted } from './highlight.tsx';
import { searchKindIcon } from './kind-icon.tsx';
import type { PaletteEntry } from './palette-entries.ts';

/**
 * One option of the palette's listbox. Focus stays in the input (aria-activedescendant names
 * the active option), so the option is not focusable itself; the mouse chooses it too.
 */
export function PaletteOption({
  id,
  active,
  disabled = false,
  onChoose,
  onHover,
  children,
}: {
  id: string;
  active: boolean;
  disabled?: boolean;
  onChoose: () => void;
  onHover: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      id={id}
      role="option"
      aria-selected={active}
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onChoose}
      onMouseMove={disabled ? undefined : onHover}
      sx={{
        display: 'flex',
        gap: 1.25,
        alignItems: 'flex-start',
        px: 2,
        py: 1,
        cursor: disabled ? 'default' : 'pointer',
        bgcolor: active ? 'action.selected' : 'transparent',
        // The active row is marked by more than colour (WCAG 1.4.1).
        borderLeft: 3,
        borderColor: active ? 'primary.main' : 'transparent',
      }}
    >
      {children}
    </Box>
  );
}

/** The content of a result option: the kind's icon, the marked title, its line and passage. */
export function EntryContent({ entry, note }: { entry: PaletteEntry; note?: string }) {
  return (
    <>
      <Box aria-hidden sx={{ color: 'text.secondary', display: 'flex', pt: 0.25 }}>
        {searchKindIcon(entry.kind)}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <Highlighted fragments={entry.title} />
        </Typography>
        {(entry.subtitle || note) && (
          <Typography
            variant="caption"
            component="div"
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {[entry.subtitle, note].filter(Boolean).join(' · ')}
          </Typography>
        )}
        {entry.snippet.length > 0 && (
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            <Highlighted fragments={entry.snippet} />
          </Typography>
        )}
      </Box>
    </>
  );
}
