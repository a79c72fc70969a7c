import Box from '@mui/material/Box';

/** A topic's or an answer's text: rich text the server sanitised when it was saved. */
export function RichHtml({ html }: { html: string }) {
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        '& p': { mt: 0, mb: 1.5 },
        '& a': { color: 'primary.main' },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& pre': { overflowX: 'auto', maxWidth: '100%' },
        '& table': { display: 'block', overflowX: 'auto', maxWidth: '100%' },
        '& > :last-child': { mb: 0 },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored (spec §4)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
