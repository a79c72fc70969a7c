import RouteOutlined from '@mui/icons-material/RouteOutlined';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';

/**
 * A path's picture or, when there is none (or it fails to load), a panel in the theme's colours
 * with the title's first letter, so cards keep one shape in light and dark mode.
 */
export function PathImage({
  src,
  title,
  height = 140,
}: {
  src: string | null;
  title: string;
  height?: number | string | Partial<Record<'xs' | 'sm' | 'md' | 'lg', number | string>>;
}) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <Box
        component="img"
        src={src}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
        sx={{ display: 'block', width: '100%', height, objectFit: 'cover' }}
      />
    );
  }
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        color: theme.palette.primary.contrastText,
        background: `linear-gradient(135deg, ${alpha(theme.palette.secondary.main, 0.9)}, ${
          theme.palette.primary.main
        })`,
      })}
    >
      <RouteOutlined sx={{ fontSize: 32, opacity: 0.85 }} />
      <Box component="span" sx={{ fontSize: '2rem', fontWeight: 700, opacity: 0.9 }}>
        {title.trim().charAt(0).toUpperCase()}
      </Box>
    </Box>
  );
}
