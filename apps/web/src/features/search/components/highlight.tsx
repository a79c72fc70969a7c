import type { TSearchFragment } from '@atrium/contract';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { Fragment } from 'react';

/**
 * Text with the matched words in <mark>. The server sends pieces, not HTML, and each piece is
 * rendered as text: whatever a person wrote (a title with "<b>" in it) is shown, never parsed.
 */
export function Highlighted({ fragments }: { fragments: readonly TSearchFragment[] }) {
  return (
    <>
      {fragments.map((fragment, index) =>
        fragment.match ? (
          <Box
            component="mark"
            // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one string, in order, never reordered
            key={index}
            sx={(theme) => ({
              // The warning tint in both modes, with the primary text colour on it: a link's or a
              // caption's own colour on the tint falls short of AA contrast (axe, e2e).
              bgcolor: alpha(
                theme.palette.warning.main,
                theme.palette.mode === 'dark' ? 0.3 : 0.22,
              ),
              color: theme.palette.text.primary,
              borderRadius: 0.5,
              px: 0.25,
            })}
          >
            {fragment.text}
          </Box>
        ) : (
          // Bare text, not a <span>: the spaces at its edges stay part of a link's name.
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one string, in order, never reordered
          <Fragment key={index}>{fragment.text}</Fragment>
        ),
      )}
    </>
  );
}
