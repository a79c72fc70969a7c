import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { alpha, ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { buildTheme } from '../../../shared/theme/build-theme.ts';
import { useColorMode } from '../../../shared/theme/color-mode.tsx';
import type { OrgThemeColors } from '../../../shared/theme/org-theme.ts';
import { BrandMark } from '../../../shared/ui/brand-mark.tsx';

export interface PreviewContent {
  title: string;
  welcome: string;
  logo: string | null;
  siteLogo: string | null;
  banner: string | null;
}

/** A URL made safe to sit inside url("…") in CSS: it cannot close the string. */
function cssUrl(url: string): string {
  return url.replace(/["\\\n\r]/g, (character) => encodeURIComponent(character));
}

function FakeInput({ label }: { label: string }) {
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1.5,
        px: 1.5,
        py: 1,
        color: 'text.secondary',
        fontSize: '0.85rem',
      }}
    >
      {label}
    </Box>
  );
}

/**
 * The chosen colours drawn with the app's own theme builder (so the preview is what the app
 * will look like, in the current light or dark mode): a header, a sign-in card and a table head.
 * It is a picture: inert, out of the tab order and the accessibility tree.
 */
export function ThemePreview({
  colours,
  content,
}: {
  colours: OrgThemeColors;
  content: PreviewContent;
}) {
  const { mode } = useColorMode();
  const theme = useMemo(() => buildTheme(colours, mode), [colours, mode]);
  return (
    <ThemeProvider theme={theme}>
      <Box
        inert
        aria-hidden
        data-testid="theme-preview"
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 3,
          overflow: 'hidden',
          bgcolor: 'background.default',
          color: 'text.primary',
          fontSize: '0.9rem',
        }}
      >
        <Stack
          direction="row"
          data-preview="header"
          sx={{
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 1.25,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <BrandMark size="small" title={content.title} logo={content.siteLogo ?? content.logo} />
          <Box sx={{ flex: 1 }} />
          <Avatar sx={{ width: 28, height: 28, bgcolor: 'secondary.main', fontSize: '0.75rem' }}>
            AA
          </Avatar>
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Box
            sx={(t) => ({
              p: 2,
              display: { xs: 'none', sm: 'flex' },
              alignItems: 'flex-end',
              minHeight: 180,
              color: content.banner ? '#ffffff' : t.palette.getContrastText(t.palette.primary.main),
              background: content.banner
                ? `linear-gradient(rgba(0,0,0,0.55), rgba(0,0,0,0.55)), center / cover no-repeat url("${cssUrl(content.banner)}")`
                : `linear-gradient(155deg, ${t.palette.primary.light} 0%, ${t.palette.primary.main} 60%)`,
            })}
          >
            <Typography
              sx={{
                fontWeight: 700,
                fontSize: '0.95rem',
                lineHeight: 1.3,
                overflowWrap: 'anywhere',
              }}
            >
              {content.welcome || 'Learning that fits around work.'}
            </Typography>
          </Box>
          <Stack spacing={1.25} sx={{ p: 2.5, bgcolor: 'background.paper' }}>
            <Typography
              data-preview="heading"
              sx={{ color: 'brand.heading', fontWeight: 700, fontSize: '1.3rem' }}
            >
              Sign in
            </Typography>
            <Typography data-preview="text" sx={{ color: 'text.primary', fontSize: '0.85rem' }}>
              Welcome back to {content.title}.
            </Typography>
            <FakeInput label="User name or e-mail" />
            <FakeInput label="Password" />
            <Link data-preview="link" component="span" variant="body2">
              Forgot password?
            </Link>
            <Button data-preview="button" variant="contained" component="span" tabIndex={-1}>
              Sign in
            </Button>
          </Stack>
        </Box>
        <Box sx={{ bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}>
          <Stack
            direction="row"
            data-preview="table-head"
            sx={{
              bgcolor: 'brand.tableHead',
              color: 'brand.tableHeadText',
              fontWeight: 600,
              px: 2,
              py: 1,
            }}
          >
            <Box sx={{ flex: 1 }}>Name</Box>
            <Box>Status</Box>
          </Stack>
          {['Ada Admin', 'Lena Learner'].map((name) => (
            <Stack
              key={name}
              direction="row"
              sx={(t) => ({
                px: 2,
                py: 1,
                borderTop: `1px solid ${alpha(t.palette.text.primary, 0.08)}`,
              })}
            >
              <Box sx={{ flex: 1 }}>{name}</Box>
              <Box sx={{ color: 'text.secondary' }}>Active</Box>
            </Stack>
          ))}
        </Box>
      </Box>
    </ThemeProvider>
  );
}
