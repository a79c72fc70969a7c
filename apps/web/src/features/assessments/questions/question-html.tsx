import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** Styles for server HTML: readable paragraphs, images that fit narrow screens. */
export const htmlSx = {
  overflowWrap: 'anywhere',
  '& p': { mt: 0, mb: 1.5 },
  '& a': { color: 'primary.main' },
  '& img': { maxWidth: '100%', height: 'auto' },
  '& pre, & table': { maxWidth: '100%', overflowX: 'auto' },
  '& > :last-child': { mb: 0 },
} as const;

/** A question's rich text (stem, options, feedback): HTML the server sanitised when it was saved. */
export function QuestionHtml({
  html,
  id,
  component = 'div',
  sx,
}: {
  html: string;
  id?: string;
  component?: 'div' | 'span';
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      id={id}
      component={component}
      sx={[htmlSx, ...(Array.isArray(sx) ? sx : [sx])]}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored (spec §4)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
