import type { TManualPage } from '@atrium/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type MouseEvent, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SanitisedHtml } from '../../../shared/ui/sanitised-html.tsx';
import { ManualToc } from './manual-toc.tsx';
import { ScreenChips } from './screen-chips.tsx';

/**
 * One manual page: its screens, a table of contents and the server-rendered text. A `#anchor`
 * in the address scrolls to that heading and moves focus there, so a deep link lands where it
 * points for keyboard and screen-reader users too. Links to app screens inside the text stay in
 * the app instead of reloading it.
 */
export function ManualArticle({ page }: { page: TManualPage }) {
  const location = useLocation();
  const navigate = useNavigate();
  const anchor = decodeURIComponent(location.hash.replace(/^#/, ''));

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page puts new headings in the document: look again
  useEffect(() => {
    if (!anchor) return;
    const target = document.getElementById(anchor);
    if (!target) return;
    target.setAttribute('tabindex', '-1');
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [anchor, page.slug]);

  const followInAppLinks = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href) return;
    if (href.startsWith('#')) {
      event.preventDefault();
      navigate({ hash: href.slice(1) }, { replace: true });
    } else if (href.startsWith('/') && !href.startsWith('//')) {
      event.preventDefault();
      navigate(href);
    }
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 240px' },
        alignItems: 'start',
      }}
    >
      <Card
        component="article"
        aria-labelledby="manual-page-title"
        sx={{ order: { xs: 2, md: 1 } }}
      >
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography
            id="manual-page-title"
            variant="h1"
            sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
          >
            {page.title}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>{page.summary}</Typography>
          <Stack spacing={1} sx={{ mb: 3 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Screens this page covers
            </Typography>
            <ScreenChips screens={page.screens} label="Screens this page covers" />
          </Stack>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks on the links inside; the links themselves are keyboard-operable */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this click too */}
          <div onClick={followInAppLinks}>
            <SanitisedHtml
              html={page.html}
              sx={{
                '& h2, & h3, & h4': { scrollMarginTop: 80, mt: 3, mb: 1 },
                '& h2': { fontSize: '1.35rem' },
                '& h3': { fontSize: '1.1rem' },
                '& h4': { fontSize: '1rem' },
                '& li': { mb: 0.5 },
                '& table': { borderCollapse: 'collapse', my: 2 },
                '& th, & td': {
                  border: 1,
                  borderColor: 'divider',
                  px: 1.5,
                  py: 0.75,
                  textAlign: 'left',
                },
                '& code': { fontSize: '0.9em' },
              }}
            />
          </div>
        </CardContent>
      </Card>
      {page.headings.length > 0 && (
        <Card
          variant="outlined"
          sx={{ order: { xs: 1, md: 2 }, position: { md: 'sticky' }, top: { md: 88 } }}
        >
          <CardContent>
            <ManualToc headings={page.headings} current={anchor} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
