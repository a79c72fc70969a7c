import type { TManualScreen } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';

/**
 * The app screens a page covers. A screen without parameters is a link to it; one that needs an
 * id (`/courses/edit-course/:id`) is only named, since the reader opens it from its list.
 */
export function ScreenChips({ screens, label }: { screens: TManualScreen[]; label: string }) {
  return (
    <Stack
      component="ul"
      aria-label={label}
      direction="row"
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, m: 0 }}
    >
      {screens.map((screen) => (
        <li key={screen.path}>
          {screen.path.includes(':') ? (
            <Chip size="small" variant="outlined" label={screen.title} title={screen.path} />
          ) : (
            <Chip
              size="small"
              variant="outlined"
              clickable
              component={RouterLink}
              to={screen.path}
              label={screen.title}
              title={screen.path}
            />
          )}
        </li>
      ))}
    </Stack>
  );
}
