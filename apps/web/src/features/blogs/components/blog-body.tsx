import Box from '@mui/material/Box';

/** A post's text: rich text the server sanitised when it was saved (as announcements render). */
export function BlogBody({ html }: { html: string }) {
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        typography: 'body1',
        lineHeight: 1.7,
        '& p': { mt: 0, mb: 1.5 },
        '& a': { color: 'primary.main' },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0 },
        '& > :last-child': { mb: 0 },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored (spec §4)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
