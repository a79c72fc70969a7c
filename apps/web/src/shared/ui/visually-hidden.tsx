import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Text for assistive technology only, e.g. the name of an actions column. */
export const visuallyHiddenSx = {
  position: 'absolute',
  // In sx a plain 1 means 100%: the sizes are spelled out in pixels.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={visuallyHiddenSx}>
      {children}
    </Box>
  );
}

/**
 * A table for assistive technology only (a chart's numbers). The wrapper is what is hidden: a
 * table ignores a width smaller than its content, so hiding the table itself would still widen
 * the page on a phone.
 */
export function VisuallyHiddenTable({ children }: { children: ReactNode }) {
  return (
    <Box sx={visuallyHiddenSx}>
      <table>{children}</table>
    </Box>
  );
}
