import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CenteredPage } from '../../../shared/ui/centered-page.tsx';

export function PathNotFound() {
  return (
    <CenteredPage>
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <SearchOffOutlined color="action" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          Learning path not found
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 460 }}>
          This learning path does not exist, was removed, or is not open to you.
        </Typography>
        <Button component={RouterLink} to="/learning-path" variant="contained">
          Browse learning paths
        </Button>
      </Stack>
    </CenteredPage>
  );
}
