import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CenteredPage } from '../../../../shared/ui/centered-page.tsx';

/** A category id that is not (or no longer) in the caller's organisation. */
export function CategoryNotFound() {
  return (
    <CenteredPage>
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <SearchOffOutlined color="action" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          Category not found
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 460 }}>
          This category does not exist or was deleted.
        </Typography>
        <Button component={RouterLink} to="/courses/course-category-detail" variant="contained">
          All categories
        </Button>
      </Stack>
    </CenteredPage>
  );
}
