import HomeRounded from '@mui/icons-material/HomeRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { BrandMark } from '../../../shared/ui/brand-mark.tsx';
import { CenteredPage } from '../../../shared/ui/centered-page.tsx';

/** Shown for any path no route matches (spec §2). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <CenteredPage>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <BrandMark />
        <Typography
          aria-hidden
          sx={{
            fontSize: { xs: '5rem', sm: '7rem' },
            fontWeight: 800,
            lineHeight: 1,
            letterSpacing: '-0.04em',
            // Large text still needs 3:1: the theme colour shaded to read (the default is too light).
            color: 'brand.accentText',
            pt: 2,
          }}
        >
          404
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
          Page not found
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 440 }}>
          We couldn’t find{' '}
          <Box
            component="code"
            sx={{
              px: 0.75,
              py: 0.25,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontSize: '0.9em',
              overflowWrap: 'anywhere',
            }}
          >
            {pathname}
          </Box>
          . The link may be broken, or the page may have moved.
        </Typography>
        <Button
          component={RouterLink}
          to="/"
          variant="contained"
          size="large"
          startIcon={<HomeRounded />}
        >
          Go to home page
        </Button>
      </Stack>
    </CenteredPage>
  );
}
