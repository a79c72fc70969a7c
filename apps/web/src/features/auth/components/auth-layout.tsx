import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ColorModeToggle } from '../../../shared/theme/color-mode-toggle.tsx';
import { BrandMark } from '../../../shared/ui/brand-mark.tsx';
import { useOrganisation } from '../../organisations/index.ts';

interface AuthLayoutProps {
  /** The page's h1. */
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** A URL made safe to sit inside url("…") in CSS: it cannot close the string. */
function cssUrl(url: string): string {
  return url.replace(/["\\\n\r]/g, (character) => encodeURIComponent(character));
}

/** The organisation's side of the sign-in screens: its banner or colours, logo and welcome. */
function BrandPanel() {
  const organisation = useOrganisation();
  const banner = organisation?.login_banner_image;
  return (
    <Box
      sx={(theme) => {
        // Text on the panel takes whichever of black or white reads on the organisation colour.
        const ink = banner ? '#ffffff' : theme.palette.getContrastText(theme.palette.primary.main);
        return {
          display: { xs: 'none', md: 'flex' },
          position: 'relative',
          overflow: 'hidden',
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: ink,
          background: banner
            ? `linear-gradient(rgba(0,0,0,0.55), rgba(0,0,0,0.55)), center / cover no-repeat url("${cssUrl(banner)}")`
            : `linear-gradient(155deg, ${theme.palette.primary.light} 0%, ${theme.palette.primary.main} 60%)`,
          '&::before, &::after': banner
            ? {}
            : {
                content: '""',
                position: 'absolute',
                borderRadius: '50%',
                background: alpha(ink, 0.07),
              },
          '&::before': { width: 520, height: 520, right: -180, top: -160 },
          '&::after': { width: 360, height: 360, left: -140, bottom: -120 },
        };
      }}
    >
      <Box sx={{ position: 'relative' }}>
        <BrandMark
          title={organisation?.title}
          logo={organisation?.header_login_logo1 ?? organisation?.logo}
          color="inherit"
        />
      </Box>
      <Box sx={{ position: 'relative', maxWidth: 440 }}>
        <Typography
          component="p"
          sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, letterSpacing: '-0.01em' }}
        >
          {organisation?.welcome_message || 'Learning that fits around work.'}
        </Typography>
        <Typography sx={{ mt: 2, opacity: 0.85 }}>
          Courses, classrooms, assessments and learning paths in one place.
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The frame of every public screen: the organisation panel beside the form on wide screens, a
 * single column with the logo on top on phones.
 */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  const organisation = useOrganisation();
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '5fr 6fr', lg: '1fr 1fr' },
        bgcolor: 'background.default',
      }}
    >
      <BrandPanel />
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          px: { xs: 2.5, sm: 6 },
          py: { xs: 2.5, sm: 4 },
          minWidth: 0,
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Box sx={{ display: { md: 'none' }, minWidth: 0 }}>
            <BrandMark
              size="small"
              title={organisation?.title}
              logo={organisation?.header_login_logo1 ?? organisation?.logo}
            />
          </Box>
          <Box sx={{ ml: 'auto' }}>
            <ColorModeToggle />
          </Box>
        </Stack>
        <Box
          component="main"
          sx={{
            flex: 1,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
            width: '100%',
            maxWidth: 420,
            mx: 'auto',
            py: { xs: 4, sm: 6 },
          }}
        >
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 1 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography component="div" sx={{ color: 'text.secondary', mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Box>
        <Box component="footer" sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/status" variant="body2">
            System status
          </Link>
        </Box>
      </Box>
    </Box>
  );
}
