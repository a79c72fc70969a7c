import SchoolRounded from '@mui/icons-material/SchoolRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const PRODUCT_NAME = 'Atrium';

interface BrandMarkProps {
  /** Render the name as the page's h1 (home-style pages) or as plain text. */
  asHeading?: boolean;
  /** The organisation's title; the product name until it is known. */
  title?: string;
  /** The organisation's logo URL; the product mark when it has none. */
  logo?: string | null;
  size?: 'small' | 'medium';
  /** Overrides the heading colour where the mark sits on a coloured panel. */
  color?: string;
}

/** The organisation's (or the product's) logo and name. */
export function BrandMark({
  asHeading = false,
  title = PRODUCT_NAME,
  logo,
  size = 'medium',
  color,
}: BrandMarkProps) {
  const small = size === 'small';
  const markSize = small ? 36 : { xs: 40, sm: 48 };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: small ? 1.25 : 1.5, minWidth: 0 }}>
      {logo ? (
        // The name is written next to it, so the image itself says nothing more.
        <Box
          component="img"
          src={logo}
          alt=""
          sx={{ height: markSize, maxWidth: 160, objectFit: 'contain', flexShrink: 0 }}
        />
      ) : (
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: markSize,
            height: markSize,
            flexShrink: 0,
            borderRadius: '28%',
            bgcolor: 'primary.main',
            boxShadow: small ? 0 : 2,
          }}
        >
          <SchoolRounded sx={{ fontSize: small ? 22 : { xs: 24, sm: 28 }, color: '#ffffff' }} />
        </Box>
      )}
      <Typography
        variant="h1"
        component={asHeading ? 'h1' : 'span'}
        noWrap={small}
        sx={{
          fontSize: small ? '1.2rem' : { xs: '1.75rem', sm: '2.125rem' },
          lineHeight: 1.1,
          minWidth: 0,
          ...(color ? { color } : {}),
        }}
      >
        {title}
      </Typography>
    </Box>
  );
}
