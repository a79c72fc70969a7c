import SchoolRounded from '@mui/icons-material/SchoolRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const PRODUCT_NAME = 'Atrium';

interface BrandMarkProps {
  /** Render the name as the page's h1 (home-style pages) or as plain text. */
  asHeading?: boolean;
}

/** The product logo and name. */
export function BrandMark({ asHeading = false }: BrandMarkProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: { xs: 40, sm: 48 },
          height: { xs: 40, sm: 48 },
          flexShrink: 0,
          borderRadius: '28%',
          bgcolor: 'primary.main',
          boxShadow: 2,
        }}
      >
        <SchoolRounded sx={{ fontSize: { xs: 24, sm: 28 }, color: '#ffffff' }} />
      </Box>
      <Typography
        variant="h1"
        component={asHeading ? 'h1' : 'span'}
        sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, lineHeight: 1.1 }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
