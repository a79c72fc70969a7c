import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** An event's description: rich text the server sanitised when it was saved. */
export function DescriptionHtml({ html }: { html: string }) {
  if (html.trim() === '') {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No description.
      </Typography>
    );
  }
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        '& p': { mt: 0, mb: 1.5 },
        '& a': { color: 'primary.main' },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& > :last-child': { mb: 0 },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored (spec §4)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
