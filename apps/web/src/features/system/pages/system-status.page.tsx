import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { ColorModeToggle } from '../../../shared/theme/color-mode-toggle.tsx';
import { BrandMark } from '../../../shared/ui/brand-mark.tsx';
import { API_DOCS_PATH } from '../api/system.api.ts';
import { SystemStatusCard } from '../components/system-status-card.tsx';

/** '/status': is the platform up? Linked from the footer of the sign-in screens. */
export default function SystemStatusPage() {
  return (
    <Box
      sx={(theme) => ({
        minHeight: '100dvh',
        bgcolor: 'background.default',
        backgroundImage: `radial-gradient(120% 60% at 50% 0%, ${alpha(
          theme.palette.primary.main,
          theme.palette.mode === 'dark' ? 0.16 : 0.22,
        )} 0%, transparent 70%)`,
      })}
    >
      <Container component="main" maxWidth="sm" sx={{ py: { xs: 3, sm: 8 } }}>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: { xs: 3, sm: 5 } }}
        >
          <BrandMark asHeading />
          <ColorModeToggle />
        </Stack>

        <Typography variant="h2" sx={{ fontSize: { xs: '1.375rem', sm: '1.625rem' }, mb: 1 }}>
          Blended learning for organisations
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: { xs: 3, sm: 4 } }}>
          Courses, classrooms, assessments and learning paths in one place. This page shows whether
          the platform is up and ready.
        </Typography>

        <SystemStatusCard />

        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', textAlign: 'center', mt: { xs: 3, sm: 4 } }}
        >
          Building an integration? Read the{' '}
          <Link href={API_DOCS_PATH} sx={{ fontWeight: 600 }}>
            API reference
          </Link>
          .
        </Typography>
      </Container>
    </Box>
  );
}
