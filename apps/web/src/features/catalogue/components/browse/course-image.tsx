import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';

/**
 * A course or category picture, or, when there is none (or it fails to load), a panel in the
 * theme's colours with the title's first letter, so cards keep one shape in light and dark mode.
 */
export function CourseImage({
  src,
  title,
  height = 140,
  radius = 0,
}: {
  src: string | null;
  title: string;
  /** A number is pixels; an object gives a height per breakpoint. */
  height?: number | string | Partial<Record<'xs' | 'sm' | 'md' | 'lg', number | string>>;
  /** Pixels (a plain number in sx would be a multiple of the theme's radius). */
  radius?: number;
}) {
  const borderRadius = `${radius}px`;
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <Box
        component="img"
        src={src}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
        sx={{ display: 'block', width: '100%', height, objectFit: 'cover', borderRadius }}
      />
    );
  }
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        height,
        borderRadius,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        color: theme.palette.primary.contrastText,
        background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${alpha(
          theme.palette.secondary.main,
          0.85,
        )})`,
      })}
    >
      <MenuBookOutlined sx={{ fontSize: 32, opacity: 0.85 }} />
      <Box component="span" sx={{ fontSize: '2rem', fontWeight: 700, opacity: 0.9 }}>
        {title.trim().charAt(0).toUpperCase()}
      </Box>
    </Box>
  );
}
