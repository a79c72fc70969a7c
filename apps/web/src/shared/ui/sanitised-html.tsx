import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Rich text the server sanitised when it was saved (the one policy of core/text/sanitise.ts):
 * the only way the app shows stored HTML. Wide content (images, code, tables) stays inside the
 * column on a phone; `sx` adds a screen's own typography.
 */
export function SanitisedHtml({ html, sx }: { html: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      sx={[
        {
          overflowWrap: 'anywhere',
          '& p': { mt: 0, mb: 1.5 },
          '& a': { color: 'primary.main' },
          '& img': { maxWidth: '100%', height: 'auto' },
          '& pre': { overflowX: 'auto', maxWidth: '100%' },
          '& table': { display: 'block', overflowX: 'auto', maxWidth: '100%' },
          '& > :last-child': { mb: 0 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored (spec §4)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
