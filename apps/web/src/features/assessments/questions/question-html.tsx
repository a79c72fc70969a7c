import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useLayoutEffect, useRef } from 'react';

/** TeX delimiters (math.ts): only text with one of them loads KaTeX. */
export const HAS_MATH = /\$\$|\\\(|\\\[/;

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
  const ref = useRef<HTMLElement>(null);
  // After React has written the HTML: the maths in it rendered in place (again whenever it changes).
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !HAS_MATH.test(html)) return;
    let live = true;
    void import('./math.ts').then(({ renderMath }) => {
      if (live && ref.current === element) renderMath(element);
    });
    return () => {
      live = false;
    };
  }, [html]);
  return (
    <Box
      ref={ref}
      id={id}
      component={component}
      sx={[htmlSx, ...(Array.isArray(sx) ? sx : [sx])]}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored (spec §4)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
